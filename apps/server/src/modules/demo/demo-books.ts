import type { ContentDescriptorValue, ContentRatingValue, GenreTag, Language } from '@inkstream/contracts';

/**
 * The demo catalogue as static data, so every fresh install shows the same books. The spread of
 * chapter counts, free chapters, likes and update times is chosen so that every screen state shows:
 * paging (more than 10 chapters), every tier label, free and paid chapters, the likes badge and
 * every relative-time unit.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** [title, introduction] in one language. */
export type DemoText = readonly [title: string, introduction: string];

export interface DemoBook {
  book_type: 'comic' | 'novel';
  original_language: Language;
  tags: readonly GenreTag[];
  chapter_count: number;
  /** Absent means the product default (3). */
  public_free_chapters?: number;
  total_likes: number;
  popularity: number;
  /** How long before the seed time the newest chapter appeared. */
  updated_ago: number;
  /** Days between two chapters, so older chapters spread back in time. */
  cadence_days: number;
  recommendation_rank?: number;
  /** Other names readers know the book by (a romanisation, another language's name): searched as titles. */
  alternate_titles?: readonly { title: string; language: string | null }[];
  /** Issue 61: the content rating and descriptors (all ages, none, when absent). */
  content_rating?: ContentRatingValue;
  content_descriptors?: readonly ContentDescriptorValue[];
  /** English and Chinese are always present; the English title is what the images show. */
  text: Partial<Record<Language, DemoText>> & Record<'en-us' | 'zh-cn', DemoText>;
}

// prettier-ignore
export const DEMO_BOOKS: readonly DemoBook[] = [
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['玄幻奇幻', '古典武侠', '历史穿越'], chapter_count: 120,
    total_likes: 18_452, popularity: 982_000, updated_ago: 3 * MINUTE, cadence_days: 3, recommendation_rank: 1,
    alternate_titles: [{ title: 'Wanjie Leimen', language: 'zh-Latn-pinyin' }],
    text: {
      'zh-cn': ['风暴之门', '少年陆沉在暴雨之夜推开了传说中的风暴之门，从此卷入仙门与江湖的百年恩怨。一柄断剑、一卷残谱，他要在雷霆之中找回失落的师门。'],
      'en-us': ['The Storm Gate', 'On a night of torrential rain, young Lu Chen pushes open the legendary Storm Gate and is swept into a century-old feud between immortal sects and the martial world. With a broken sword and a torn manual, he must reclaim his lost school amid the thunder.'],
      'fr-fr': ['La Porte des tempêtes', 'Par une nuit de pluie torrentielle, le jeune Lu Chen pousse la légendaire Porte des tempêtes et se retrouve mêlé à une querelle séculaire entre sectes immortelles et maîtres d’armes. Avec une épée brisée et un manuel déchiré, il devra reconquérir son école perdue au cœur de l’orage.'],
      'es-es': ['La puerta de la tormenta', 'En una noche de lluvia torrencial, el joven Lu Chen cruza la legendaria Puerta de la Tormenta y queda atrapado en una rivalidad centenaria entre sectas inmortales y maestros marciales. Con una espada rota y un manual hecho jirones, tendrá que recuperar su escuela perdida en medio de los truenos.'],
      'ar-sa': ['بوابة العاصفة', 'في ليلة ماطرة عاصفة، يفتح الفتى لو تشين بوابة العاصفة الأسطورية، فيجد نفسه في قلب صراع عمره قرن بين طوائف الخالدين وأسياد فنون القتال. بسيفٍ مكسور ومخطوطة ممزقة، عليه أن يستعيد مدرسته الضائعة وسط الرعد.'],
    },
  },
  {
    book_type: 'comic', original_language: 'en-us', tags: ['未来科幻', '现代都市'], chapter_count: 110,
    total_likes: 9_321, popularity: 754_000, updated_ago: 25 * MINUTE, cadence_days: 3, recommendation_rank: 3,
    alternate_titles: [{ title: 'Le Vagabond chromé', language: 'fr' }],
    text: {
      'en-us': ['Neon Ronin', 'In a rain-soaked megacity run by corporations, a masterless bodyguard with a borrowed cybernetic arm takes one last job: protect the girl who can switch off every machine in the city.'],
      'zh-cn': ['霓虹浪人', '在财阀统治、终日阴雨的超级都市里，一名装着借来义肢的无主保镖接下最后一单：保护一个能让全城机器停摆的女孩。'],
      'fr-fr': ['Ronin néon', 'Dans une mégapole noyée sous la pluie et tenue par les multinationales, un garde du corps sans maître, doté d’un bras cybernétique d’emprunt, accepte une dernière mission : protéger la jeune fille capable d’éteindre toutes les machines de la ville.'],
      'es-es': ['Ronin de neón', 'En una megaciudad empapada por la lluvia y gobernada por corporaciones, un guardaespaldas sin amo con un brazo cibernético prestado acepta un último encargo: proteger a la chica capaz de apagar todas las máquinas de la ciudad.'],
      'ar-sa': ['رونين النيون', 'في مدينة عملاقة تغمرها الأمطار وتحكمها الشركات، يقبل حارس شخصي بلا سيّد، بذراع آلية مستعارة، مهمة أخيرة: حماية الفتاة القادرة على إيقاف كل آلة في المدينة.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['古代言情', '历史穿越'], chapter_count: 100, public_free_chapters: 5,
    total_likes: 12_877, popularity: 688_000, updated_ago: 2 * HOUR, cadence_days: 4, recommendation_rank: 2,
    alternate_titles: [{ title: 'The Emerald Vow', language: 'en' }],
    text: {
      'zh-cn': ['玉簪记', '文物修复师沈知意被一支古玉簪带回大靖王朝，成了即将远嫁和亲的落魄郡主。宫墙深深，她要用一双修复古物的手，补好自己破碎的命运。'],
      'en-us': ['The Jade Hairpin', 'Antique restorer Shen Zhiyi touches an ancient jade hairpin and wakes in the Great Jing dynasty as a fallen princess promised to a foreign prince. Behind the palace walls, the hands that mend relics must now mend her own fate.'],
      'fr-fr': ['L’Épingle de jade', 'Restauratrice d’antiquités, Shen Zhiyi effleure une épingle de jade ancienne et se réveille sous la dynastie des Grands Jing, dans la peau d’une princesse déchue promise à un prince étranger. Derrière les murs du palais, ses mains habituées à réparer les reliques devront réparer son propre destin.'],
      'es-es': ['La horquilla de jade', 'La restauradora de antigüedades Shen Zhiyi toca una antigua horquilla de jade y despierta en la dinastía Gran Jing convertida en una princesa caída en desgracia, prometida a un príncipe extranjero. Tras los muros del palacio, las manos que reparan reliquias tendrán que reparar su propio destino.'],
      'ar-sa': ['دبوس اليشم', 'تلمس خبيرة ترميم التحف شن جيي دبوس شعر قديمًا من اليشم، فتستيقظ في عهد سلالة جينغ العظمى أميرةً منكوبة مخطوبة لأمير أجنبي. وخلف أسوار القصر، على اليدين اللتين ترممان الآثار أن ترمما قدرها أيضًا.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['末世危机', '未来科幻'], chapter_count: 75,
    total_likes: 4_410, popularity: 420_000, updated_ago: 7 * HOUR, cadence_days: 4,
    content_rating: 'teen', content_descriptors: ['violence'],
    text: {
      'zh-cn': ['灰烬之后', '火山冬天降临的第七年，城市只剩灰烬与寂静。前快递员林野带着一只导盲犬和一张手绘地图，穿越废土寻找传说中的绿洲避难所。'],
      'en-us': ['After the Ash', 'Seven years into the volcanic winter, the cities hold nothing but ash and silence. Former courier Lin Ye crosses the wasteland with a guide dog and a hand-drawn map, searching for the fabled green shelter.'],
    },
  },
  {
    book_type: 'comic', original_language: 'fr-fr', tags: ['悬疑推理', '西方奇幻'], chapter_count: 60,
    total_likes: 2_310, popularity: 305_000, updated_ago: 20 * HOUR, cadence_days: 5, recommendation_rank: 4,
    text: {
      'fr-fr': ['Les Lanternes de Montmartre', 'Chaque nuit, une lanterne s’allume sur la butte Montmartre et un habitant du quartier disparaît. Apolline, apprentie horlogère, découvre que les flammes murmurent des noms… dont le sien.'],
      'en-us': ['The Lanterns of Montmartre', 'Every night a lantern lights up on the hill of Montmartre, and someone in the neighborhood vanishes. Apolline, an apprentice clockmaker, discovers that the flames whisper names, including her own.'],
      'zh-cn': ['蒙马特的灯笼', '每到夜晚，蒙马特高地上便会亮起一盏灯笼，随之有一位居民失踪。钟表学徒阿波琳发现，火焰会低声念出名字——其中也有她自己的。'],
      'es-es': ['Los faroles de Montmartre', 'Cada noche se enciende un farol en la colina de Montmartre y un vecino del barrio desaparece. Apolline, aprendiz de relojera, descubre que las llamas susurran nombres… incluido el suyo.'],
      'ar-sa': ['فوانيس مونمارتر', 'في كل ليلة يُضاء فانوس على تلة مونمارتر ويختفي أحد سكان الحي. وتكتشف أبولين، المتدربة في صناعة الساعات، أن اللهب يهمس بأسماء… من بينها اسمها.'],
    },
  },
  {
    book_type: 'comic', original_language: 'es-es', tags: ['悬疑推理', '现代都市'], chapter_count: 55,
    total_likes: 1_780, popularity: 260_000, updated_ago: 2 * DAY, cadence_days: 5,
    text: {
      'es-es': ['La ciudad de los espejos', 'En una Barcelona donde los espejos recuerdan todo lo que reflejan, la inspectora Lucía Ferrer persigue a un ladrón que roba recuerdos sin dejar rastro. Cada pista la obliga a mirarse a sí misma.'],
      'en-us': ['The City of Mirrors', 'In a Barcelona where mirrors remember everything they reflect, Inspector Lucía Ferrer hunts a thief who steals memories without a trace. Every clue forces her to take a hard look at herself.'],
      'zh-cn': ['镜之城', '在一座镜子会记住所映照一切的巴塞罗那，女警探露西亚·费雷尔追查一名不留痕迹的记忆窃贼。每一条线索，都逼她直视自己。'],
      'fr-fr': ['La Ville des miroirs', 'Dans une Barcelone où les miroirs se souviennent de tout ce qu’ils reflètent, l’inspectrice Lucía Ferrer traque un voleur qui dérobe les souvenirs sans laisser de trace. Chaque indice l’oblige à se regarder en face.'],
      'ar-sa': ['مدينة المرايا', 'في برشلونة حيث تتذكر المرايا كل ما تعكسه، تطارد المفتشة لوسيا فيرير لصًّا يسرق الذكريات دون أن يترك أثرًا. وكل دليل يجبرها على مواجهة نفسها.'],
    },
  },
  {
    book_type: 'comic', original_language: 'ar-sa', tags: ['架空历史', '西方奇幻'], chapter_count: 50, public_free_chapters: 10,
    total_likes: 960, popularity: 198_000, updated_ago: 4 * DAY, cadence_days: 6,
    text: {
      'ar-sa': ['رمال الصقر', 'في شبه جزيرة عربية من تاريخٍ آخر، تعثر الفتاة البدوية نورة على ريشة صقر أسطوري تكشف طرق القوافل المنسية. وحين تطمع الممالك في سرّها، تنطلق عبر الكثبان لتحمي قبيلتها وتكتب تاريخًا لم يُروَ من قبل.'],
      'en-us': ['Sands of the Falcon', 'In an Arabia with another history, the young Bedouin Noura finds the feather of a legendary falcon that reveals forgotten caravan routes. When kingdoms covet her secret, she rides across the dunes to protect her tribe and write a history never told.'],
      'zh-cn': ['猎鹰之沙', '在另一段历史中的阿拉伯半岛，贝都因少女努拉拾得一根传说中猎鹰的羽毛，它能指引早已失落的商队古道。当诸王国觊觎这个秘密，她策马穿越沙丘，守护部族，书写一段从未被讲述的历史。'],
      'fr-fr': ['Les Sables du faucon', 'Dans une Arabie à l’histoire différente, la jeune Bédouine Noura trouve la plume d’un faucon légendaire qui révèle des routes caravanières oubliées. Quand les royaumes convoitent son secret, elle traverse les dunes pour protéger sa tribu et écrire une histoire jamais racontée.'],
      'es-es': ['Las arenas del halcón', 'En una Arabia con otra historia, la joven beduina Noura encuentra la pluma de un halcón legendario que revela rutas de caravanas olvidadas. Cuando los reinos codician su secreto, cabalga a través de las dunas para proteger a su tribu y escribir una historia nunca contada.'],
    },
  },
  {
    book_type: 'novel', original_language: 'zh-cn', tags: ['古典武侠'], chapter_count: 40, public_free_chapters: 10,
    total_likes: 3_005, popularity: 350_000, updated_ago: 6 * DAY, cadence_days: 7,
    alternate_titles: [{ title: '九州剣歌', language: 'ja' }, { title: 'Kyūshū Kenka', language: 'ja-Latn' }],
    text: {
      'zh-cn': ['九州剑歌', '一曲剑歌传九州。落第书生谢无涯误拾前朝剑谱，被迫踏入江湖，在七大门派的明争暗斗中，以书生之心问剑道真意。'],
      'en-us': ['Sword Song of the Nine Provinces', 'A single sword song echoes across the Nine Provinces. Failed scholar Xie Wuya stumbles upon a fallen dynasty’s sword manual and is forced into the martial world, where he seeks the true way of the sword amid the rivalries of seven great sects.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['历史穿越', '架空历史'], chapter_count: 30,
    total_likes: 845, popularity: 150_000, updated_ago: 9 * DAY, cadence_days: 7,
    text: {
      'zh-cn': ['一日帝王', '历史系研究生赵小满一觉醒来，竟成了只能当一天皇帝的傀儡天子。二十四小时，改写一个王朝的结局。'],
      'en-us': ['Emperor for a Day', 'History grad student Zhao Xiaoman wakes up as a puppet emperor who will rule for exactly one day. He has twenty-four hours to rewrite the fate of a dynasty.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['都市言情'], chapter_count: 25,
    total_likes: 2, popularity: 42_000, updated_ago: 12 * DAY, cadence_days: 7,
    text: {
      'zh-cn': ['午夜咖啡馆', '只在午夜营业的咖啡馆里，失眠的插画师遇见了总点同一杯热可可的夜班医生。一杯咖啡的时间，足够爱上一个人吗？'],
      'en-us': ['Coffee at Midnight', 'In a café that opens only at midnight, an insomniac illustrator meets a night-shift doctor who always orders the same hot chocolate. Is one cup of coffee long enough to fall in love?'],
    },
  },
  {
    book_type: 'comic', original_language: 'en-us', tags: ['西方奇幻', '玄幻奇幻'], chapter_count: 22,
    total_likes: 1_290, popularity: 210_000, updated_ago: 16 * DAY, cadence_days: 7, recommendation_rank: 5,
    text: {
      'en-us': ['Dragon Oath Academy', 'Every student at Dragon Oath Academy is bound to a dragon on their first day, except Wren, whose egg never hatched. When the academy’s oldest dragon falls silent, the girl without a dragon may be the only one who can hear why.'],
      'zh-cn': ['龙誓学院', '龙誓学院的每个学生入学首日都会与一条龙缔结誓约——唯独雷恩的龙蛋始终没有孵化。当学院最古老的巨龙陷入沉默，这个没有龙的女孩，或许是唯一能听见原因的人。'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['未来科幻'], chapter_count: 20, public_free_chapters: 1,
    total_likes: 77, popularity: 64_000, updated_ago: 25 * DAY, cadence_days: 10,
    text: {
      'zh-cn': ['星坠信使', '在星际航线的尽头，十七岁的信使阿星驾驶一艘破旧货船，为边境殖民地运送最后一批包裹。其中一个包裹里，装着一颗仍在燃烧的坠星。'],
      'en-us': ['Starfall Courier', 'At the far end of the interstellar lanes, seventeen-year-old courier Axing flies a battered freighter with the last parcels for the frontier colonies. One of them holds a fallen star that is still burning.'],
    },
  },
  {
    book_type: 'novel', original_language: 'zh-cn', tags: ['悬疑推理', '现代都市'], chapter_count: 18,
    total_likes: 431, popularity: 88_000, updated_ago: 40 * DAY, cadence_days: 10,
    text: {
      'zh-cn': ['沉默的证人', '一桩密室命案，唯一的目击者是一位失语十年的老人。刑警方澈与心理医生许言联手，从老人的画中拼出真相。'],
      'en-us': ['The Silent Witness', 'A locked-room murder has a single witness: an old man who has not spoken in ten years. Detective Fang Che and psychologist Xu Yan team up to piece together the truth from his drawings.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['古代言情'], chapter_count: 15,
    total_likes: 0, popularity: 18_000, updated_ago: 65 * DAY, cadence_days: 10,
    text: {
      'zh-cn': ['月下宫阙', '冷宫中的琴师与戍边归来的将军，在一场宫宴上重逢。旧日婚约早已作废，月光却依旧照着当年的誓言。'],
      'en-us': ['Moonlit Palace', 'A musician confined to the cold palace and a general back from the frontier meet again at a court banquet. Their betrothal was annulled long ago, yet the moon still shines on the vows they made.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['末世危机', '悬疑推理'], chapter_count: 12, public_free_chapters: 0,
    total_likes: 1, popularity: 9_000, updated_ago: 95 * DAY, cadence_days: 12,
    content_rating: 'mature', content_descriptors: ['violence', 'horror'],
    text: {
      'zh-cn': ['末班列车', '末日降临那晚，一列末班地铁驶进了没有尽头的隧道。车厢里的十二名乘客发现，每到一站，就有一个人消失。'],
      'en-us': ['Last Train to Dawn', 'On the night the world ends, the last subway train rolls into a tunnel with no end. The twelve passengers aboard discover that at every station, one of them disappears.'],
    },
  },
  {
    book_type: 'novel', original_language: 'zh-cn', tags: ['架空历史', '古典武侠'], chapter_count: 11,
    total_likes: 56, popularity: 23_000, updated_ago: 135 * DAY, cadence_days: 12,
    text: {
      'zh-cn': ['南朝逆臣', '架空南朝，权臣当道。被诬谋反的少年将军萧策隐姓埋名，以一剑一计，在朝堂与江湖之间翻覆风云。'],
      'en-us': ['Rebel of the Southern Court', 'In an imagined Southern Court ruled by scheming ministers, young general Xiao Ce, falsely accused of treason, hides his name and turns the tide between the court and the martial world with one sword and one plan.'],
    },
  },
  {
    book_type: 'comic', original_language: 'en-us', tags: ['都市言情', '现代都市'], chapter_count: 10,
    total_likes: 312, popularity: 51_000, updated_ago: 180 * DAY, cadence_days: 14,
    text: {
      'en-us': ['Office Hours', 'Junior architect Maya Chen and her new boss agree on exactly one thing: they cannot stand each other. Then a rival firm forces them to share a desk, a deadline and, somehow, an umbrella.'],
      'zh-cn': ['办公室恋曲', '初级建筑师陈玛雅和她的新上司只在一件事上达成共识：彼此看不顺眼。直到一家对手公司逼得他们共用一张办公桌、一个截止日期，还有一把伞。'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['玄幻奇幻', '古代言情'], chapter_count: 8,
    total_likes: 2, popularity: 12_000, updated_ago: 240 * DAY, cadence_days: 14,
    text: {
      'zh-cn': ['狐仙客栈', '山道尽头有一间只招待妖怪的客栈，掌柜是一只九尾狐。某日，一个迷路的凡人书生敲响了门。'],
      'en-us': ['The Spirit Fox Inn', 'At the end of a mountain road stands an inn that serves only spirits, run by a nine-tailed fox. One day, a lost mortal scholar knocks at the door.'],
    },
  },
  {
    book_type: 'comic', original_language: 'en-us', tags: ['未来科幻', '末世危机'], chapter_count: 6, public_free_chapters: 0,
    total_likes: 0, popularity: 7_000, updated_ago: 300 * DAY, cadence_days: 14,
    text: {
      'en-us': ['Iron Frontier', 'When the machines took the cities, the last humans built a wall of scrap across the plains. Engineer Rosa Vance keeps it standing, one rivet at a time, until the machines start asking to come in.'],
      'zh-cn': ['钢铁边境', '机器占领城市之后，最后的人类在平原上用废铁筑起一道长墙。工程师罗莎·万斯一颗铆钉一颗铆钉地守住它——直到机器开始请求入内。'],
    },
  },
  {
    book_type: 'comic', original_language: 'en-us', tags: ['西方奇幻'], chapter_count: 5,
    total_likes: 14, popularity: 15_000, updated_ago: 400 * DAY, cadence_days: 21,
    alternate_titles: [{ title: 'Der Lehrling des Alchemisten', language: 'de' }],
    text: {
      'en-us': ['The Alchemist’s Apprentice', 'Pip was hired to sweep the floors of the greatest alchemist in the kingdom. Now the alchemist is missing, a potion is bubbling out of control, and the royal inspectors arrive tomorrow.'],
      'zh-cn': ['炼金术士的学徒', '皮普受雇为王国最伟大的炼金术士扫地。如今炼金术士失踪了，一锅药剂正在失控地翻滚，而皇家督察明天就到。'],
    },
  },
  {
    book_type: 'novel', original_language: 'zh-cn', tags: ['历史穿越'], chapter_count: 4, public_free_chapters: 1,
    total_likes: 3, popularity: 5_000, updated_ago: 540 * DAY, cadence_days: 21,
    text: {
      'zh-cn': ['梦回大唐', '考古实习生苏晚在长安城遗址中跌入一口古井，醒来已是开元盛世。她带着一本现代笔记，在大唐的繁华中寻找回家的路。'],
      'en-us': ['Return to the Tang', 'Archaeology intern Su Wan falls into an ancient well at the ruins of Chang’an and wakes in the golden age of the Tang dynasty. With a modern notebook in hand, she searches for the way home amid the splendor of the empire.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['现代都市', '都市言情'], chapter_count: 3,
    total_likes: 0, popularity: 2_500, updated_ago: 730 * DAY, cadence_days: 30,
    text: {
      'zh-cn': ['小城奇事', '海边小城里，邮递员、面包师和花店老板各自守着一个小秘密。当一场台风来临，这些秘密悄悄连在了一起。'],
      'en-us': ['City of Small Wonders', 'In a small seaside town, a mail carrier, a baker and a florist each keep a small secret. When a typhoon arrives, their secrets quietly come together.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['古典武侠'], chapter_count: 2,
    total_likes: 1, popularity: 1_200, updated_ago: 800 * DAY, cadence_days: 30,
    text: {
      'zh-cn': ['雪中刀', '大雪封山，一间孤零零的驿站里住进了七位刀客。他们都在等同一个人，也都想杀同一个人。'],
      'en-us': ['Blade in the Snow', 'Snow seals the mountain pass, and seven swordsmen take shelter in a lonely relay inn. They are all waiting for the same man, and every one of them wants him dead.'],
    },
  },
  {
    book_type: 'comic', original_language: 'zh-cn', tags: ['悬疑推理', '未来科幻', '都市言情'], chapter_count: 1,
    total_likes: 0, popularity: 300, updated_ago: 90 * MINUTE, cadence_days: 7,
    text: {
      'zh-cn': ['来自明天的信', '高三学生林夏每天都会在课桌里收到一封信，落款日期总是第二天。信里的预言一一应验，直到某天的信上只写着：快逃。'],
      'en-us': ['Letters from Tomorrow', 'Every day, high-school senior Lin Xia finds a letter in her desk dated tomorrow. Every prediction comes true, until the day a letter says only: run.'],
    },
  },
];

/** Chapter names in zh-cn, en-us, fr-fr, es-es, ar-sa; the first one always opens a book. */
// prettier-ignore
const CHAPTER_NAMES: readonly (readonly [string, string, string, string, string])[] = [
  ['开端', 'The Beginning', 'Le Commencement', 'El comienzo', 'البداية'],
  ['风暴之门', 'The Storm Gate', 'La Porte des tempêtes', 'La puerta de la tormenta', 'بوابة العاصفة'],
  ['命运的相遇', 'A Fateful Encounter', 'Une rencontre décisive', 'Un encuentro fatídico', 'لقاء القدر'],
  ['暗夜低语', 'Whispers in the Dark', 'Murmures dans l’obscurité', 'Susurros en la oscuridad', 'همسات في الظلام'],
  ['破碎的誓言', 'The Broken Oath', 'Le Serment brisé', 'El juramento roto', 'العهد المنقوض'],
  ['十字路口', 'Crossroads', 'La Croisée des chemins', 'La encrucijada', 'مفترق الطرق'],
  ['隐藏的信', 'The Hidden Letter', 'La Lettre cachée', 'La carta escondida', 'الرسالة المخبّأة'],
  ['夜雨', 'Night Rain', 'Pluie nocturne', 'Lluvia nocturna', 'مطر الليل'],
  ['蒙面的陌生人', 'The Masked Stranger', 'L’Inconnu masqué', 'El desconocido enmascarado', 'الغريب المقنّع'],
  ['冰与火', 'Fire and Ice', 'Le Feu et la Glace', 'Fuego y hielo', 'النار والجليد'],
  ['意外的盟友', 'An Unexpected Ally', 'Un allié inattendu', 'Un aliado inesperado', 'حليف غير متوقع'],
  ['漫漫归途', 'The Long Road Home', 'Le Long Chemin du retour', 'El largo camino a casa', 'طريق العودة الطويل'],
  ['档案馆的秘密', 'Secrets of the Archive', 'Les Secrets des archives', 'Los secretos del archivo', 'أسرار الأرشيف'],
  ['黎明决斗', 'The Duel at Dawn', 'Le Duel à l’aube', 'El duelo al amanecer', 'المبارزة عند الفجر'],
  ['破碎的镜子', 'The Shattered Mirror', 'Le Miroir brisé', 'El espejo roto', 'المرآة المحطّمة'],
  ['灯会之夜', 'The Lantern Festival', 'La Fête des lanternes', 'La fiesta de los farolillos', 'مهرجان الفوانيس'],
  ['废墟之下', 'Beneath the Ruins', 'Sous les ruines', 'Bajo las ruinas', 'تحت الأنقاض'],
  ['恩怨两清', 'A Debt Repaid', 'Une dette acquittée', 'Una deuda saldada', 'وفاء الدَّين'],
  ['无声之钟', 'The Silent Bell', 'La Cloche silencieuse', 'La campana silenciosa', 'الجرس الصامت'],
  ['烈火试炼', 'Trial by Fire', 'L’Épreuve du feu', 'La prueba de fuego', 'اختبار النار'],
  ['叛徒的微笑', 'The Traitor’s Smile', 'Le Sourire du traître', 'La sonrisa del traidor', 'ابتسامة الخائن'],
  ['星光之约', 'A Promise of Starlight', 'La Promesse des étoiles', 'La promesa de las estrellas', 'وعد النجوم'],
  ['坠入深渊', 'Into the Abyss', 'Au fond de l’abîme', 'Hacia el abismo', 'نحو الهاوية'],
  ['最后一封信', 'The Last Letter', 'La Dernière Lettre', 'La última carta', 'الرسالة الأخيرة'],
  ['往事回响', 'Echoes of the Past', 'Les Échos du passé', 'Ecos del pasado', 'أصداء الماضي'],
  ['宁静的早晨', 'A Quiet Morning', 'Un matin tranquille', 'Una mañana tranquila', 'صباح هادئ'],
  ['力量的代价', 'The Price of Power', 'Le Prix du pouvoir', 'El precio del poder', 'ثمن القوة'],
  ['兵临城下', 'Wolves at the Gate', 'Les Loups aux portes', 'Lobos a las puertas', 'الذئاب على الأبواب'],
  ['局势逆转', 'The Turning Tide', 'La Marée tourne', 'El cambio de marea', 'انقلاب المدّ'],
  ['月下告白', 'A Moonlit Confession', 'Aveux au clair de lune', 'Confesión a la luz de la luna', 'اعتراف تحت ضوء القمر'],
  ['最后的赌局', 'The Final Gambit', 'Le Dernier Coup', 'La jugada final', 'الرهان الأخير'],
  ['归来', 'The Return', 'Le Retour', 'El regreso', 'العودة'],
];

const NAME_COLUMN: Record<Language, number> = { 'zh-cn': 0, 'en-us': 1, 'fr-fr': 2, 'es-es': 3, 'ar-sa': 4 };

/** The chapter's name without its number, e.g. "The Storm Gate". */
export function chapterName(bookIndex: number, chapterNumber: number, language: Language): string {
  // 7 is coprime with the pool size minus one, so neighbouring chapters never share a name.
  const row = chapterNumber === 1 ? 0 : 1 + ((bookIndex * 11 + chapterNumber * 7) % (CHAPTER_NAMES.length - 1));
  return CHAPTER_NAMES[row]![NAME_COLUMN[language]]!;
}

/** Pen names of the demo books' authors, in DEMO_BOOKS order (each in its book's original language). */
export const DEMO_AUTHORS: readonly string[] = [
  '风起青萍',
  'Mara Quill',
  '顾长歌',
  '北冥有鱼',
  'Élise Marchand',
  'Lucía Ferrer',
  'ليلى الحسيني',
  '孤舟蓑笠',
  '半盏清茶',
  '林深见鹿',
  'Tom Ashby',
  '星河长明',
  '夜雨听风',
  '月下独酌',
  '冷锋',
  '南山客',
  'Dana Whitfield',
  '白露为霜',
  'Rhys Calder',
  'Penny Marsh',
  '苏小舟',
  '青柠',
  '一叶知秋',
  '墨白',
];

/** A book whose last chapter is four months old or more has ended. */
export const isCompletedDemoBook = (book: DemoBook) => book.updated_ago >= 120 * DAY;
