import type { Language } from '@inkstream/contracts';
import { escapeHtmlText } from '../../lib/html-escape.js';
import { chapterName, type DemoBook } from './demo-books.js';

/**
 * Text chapters for the demo catalogue's novels: a few paragraphs per chapter, generated from
 * sentence pools that are translations of each other (the same seed picks the same sentences in
 * every language, so the English and Chinese chapters say the same thing). Deterministic: a book
 * and chapter number always give the same text. The HTML uses only the tags chapter text may have
 * (p, em, strong, blockquote, hr), like an imported EPUB after sanitising.
 */

type Phrases = Record<Language, string>;

/** The protagonist of each demo novel, by English title; other novels get a generic traveller. */
// prettier-ignore
const HEROES: Record<string, Phrases> = {
  'Sword Song of the Nine Provinces': { 'zh-cn': '谢无涯', 'en-us': 'Xie Wuya', 'fr-fr': 'Xie Wuya', 'es-es': 'Xie Wuya', 'ar-sa': 'شيه وويا' },
  'The Silent Witness': { 'zh-cn': '方澈', 'en-us': 'Fang Che', 'fr-fr': 'Fang Che', 'es-es': 'Fang Che', 'ar-sa': 'فانغ تشه' },
  'Rebel of the Southern Court': { 'zh-cn': '萧策', 'en-us': 'Xiao Ce', 'fr-fr': 'Xiao Ce', 'es-es': 'Xiao Ce', 'ar-sa': 'شياو تسه' },
  'Return to the Tang': { 'zh-cn': '苏晚', 'en-us': 'Su Wan', 'fr-fr': 'Su Wan', 'es-es': 'Su Wan', 'ar-sa': 'سو وان' },
};
const TRAVELLER: Phrases = { 'zh-cn': '旅人', 'en-us': 'the traveller', 'fr-fr': 'le voyageur', 'es-es': 'el viajero', 'ar-sa': 'المسافر' };

// The Arabic sentences name the hero only in constructions without a gendered verb.
// prettier-ignore
const OPENING: Phrases = {
  'zh-cn': '后来，人们把那一夜叫作<em>{name}</em>；可在它开始的时候，一切都平常得不值得命名。',
  'en-us': 'Later, people would call that night <em>{name}</em>, but when it began, nothing about it seemed worth a name.',
  'fr-fr': 'Plus tard, on appellerait cette nuit <em>{name}</em>, mais à son début rien ne semblait mériter un nom.',
  'es-es': 'Más tarde llamarían a aquella noche <em>{name}</em>, pero cuando empezó nada parecía merecer un nombre.',
  'ar-sa': 'فيما بعد، سيُطلق الناس على تلك الليلة اسم <em>{name}</em>، لكن شيئًا في بدايتها لم يكن يستحق اسمًا.',
};

// prettier-ignore
const SENTENCES: readonly Phrases[] = [
  { 'zh-cn': '雨从黄昏起就没有停过，细密而平稳，像是天空在努力回忆一首旧歌。', 'en-us': 'Rain had been falling since dusk, soft and steady, as if the sky were trying to remember an old song.', 'fr-fr': 'La pluie tombait depuis le crépuscule, douce et régulière, comme si le ciel cherchait à se souvenir d’une vieille chanson.', 'es-es': 'Llovía desde el anochecer, suave y sin pausa, como si el cielo intentara recordar una vieja canción.', 'ar-sa': 'كان المطر يهطل منذ الغروب، ناعمًا ومنتظمًا، كأن السماء تحاول أن تتذكر أغنية قديمة.' },
  { 'zh-cn': '{hero}把走到门口的步数数了两遍，两遍的数字却不一样。', 'en-us': '{hero} counted the steps to the door twice, and both times the number came out different.', 'fr-fr': '{hero} compta deux fois les pas jusqu’à la porte, et les deux fois le nombre fut différent.', 'es-es': '{hero} contó dos veces los pasos hasta la puerta, y las dos veces salió un número distinto.', 'ar-sa': 'عُدّت الخطوات حتى الباب مرتين، وفي كل مرة كان الرقم مختلفًا.' },
  { 'zh-cn': '墙外不知哪里有条狗叫了一声，随即又像改了主意似的不作声了。', 'en-us': 'Somewhere beyond the wall a dog barked once and then thought better of it.', 'fr-fr': 'Quelque part derrière le mur, un chien aboya une fois, puis se ravisa.', 'es-es': 'En algún lugar tras el muro, un perro ladró una vez y luego se lo pensó mejor.', 'ar-sa': 'في مكان ما خلف الجدار نبح كلب مرة واحدة، ثم عدل عن ذلك.' },
  { 'zh-cn': '有些问题，背着比回答容易；{hero}背着这一个，已经好几年了。', 'en-us': 'There are questions that are easier to carry than to answer, and {hero} had been carrying this one for years.', 'fr-fr': 'Il est des questions plus faciles à porter qu’à résoudre, et {hero} portait celle-ci depuis des années.', 'es-es': 'Hay preguntas más fáciles de cargar que de responder, y {hero} llevaba años cargando con esta.', 'ar-sa': 'ثمة أسئلة يسهل حملها أكثر مما يسهل الجواب عنها، وهذا السؤال رافق {hero} سنوات طويلة.' },
  { 'zh-cn': '茶早就凉了，却没有人起身把它倒掉。', 'en-us': 'The tea had gone cold long ago, but nobody moved to pour it out.', 'fr-fr': 'Le thé avait refroidi depuis longtemps, mais personne ne bougea pour le vider.', 'es-es': 'El té se había enfriado hacía rato, pero nadie se levantó a tirarlo.', 'ar-sa': 'كان الشاي قد برد منذ وقت طويل، لكن أحدًا لم يتحرك ليسكبه.' },
  { 'zh-cn': '一盏灯笼在风里摇晃，把长长的影子投在院子里，像几个缓慢起舞的人。', 'en-us': 'A lantern swung in the wind, throwing long shadows that moved like slow dancers across the courtyard.', 'fr-fr': 'Une lanterne se balançait dans le vent, jetant sur la cour de longues ombres qui se mouvaient comme de lents danseurs.', 'es-es': 'Un farol se mecía con el viento y arrojaba sombras largas que cruzaban el patio como bailarines lentos.', 'ar-sa': 'تأرجح فانوس في الريح، يلقي ظلالًا طويلة تتحرك عبر الفناء كراقصين بطيئين.' },
  { 'zh-cn': '{hero}从不相信什么预兆，却还是把那封折好的信贴身收着。', 'en-us': '{hero} did not believe in omens, yet kept the folded letter close all the same.', 'fr-fr': '{hero} ne croyait pas aux présages, et garda pourtant la lettre pliée tout contre soi.', 'es-es': '{hero} no creía en presagios y, aun así, guardó la carta doblada muy cerca.', 'ar-sa': 'لا مكان للنذر في حسابات {hero}، ومع ذلك بقيت الرسالة المطوية قريبة على الدوام.' },
  { 'zh-cn': '那张旧地图有三处画错了，每一处{hero}都是吃了苦头才知道的。', 'en-us': 'The old map was wrong in three places, and {hero} had learned each mistake the hard way.', 'fr-fr': 'La vieille carte se trompait à trois endroits, et {hero} avait appris chaque erreur à ses dépens.', 'es-es': 'El viejo mapa se equivocaba en tres sitios, y {hero} había aprendido cada error por las malas.', 'ar-sa': 'كانت الخريطة القديمة مخطئة في ثلاثة مواضع، وكل خطأ منها كلّف {hero} درسًا قاسيًا.' },
  { 'zh-cn': '头顶的屋瓦上传来一串脚步声，轻而从容，随后又只剩下雨声。', 'en-us': 'Footsteps crossed the roof above, light and unhurried, and then there was only the rain again.', 'fr-fr': 'Des pas traversèrent le toit, légers et sans hâte, puis il n’y eut de nouveau que la pluie.', 'es-es': 'Unos pasos cruzaron el tejado, ligeros y sin prisa, y después solo quedó otra vez la lluvia.', 'ar-sa': 'عبرت خطوات السطح في الأعلى، خفيفة ومتمهلة، ثم لم يبق سوى المطر من جديد.' },
  { 'zh-cn': '在这里，每一个选择都有代价，而付出代价的，往往不是做选择的人。', 'en-us': 'Every choice in this place had a price, and the price was rarely paid by the one who chose.', 'fr-fr': 'Ici, chaque choix avait un prix, et ce prix était rarement payé par celui qui choisissait.', 'es-es': 'Aquí cada decisión tenía un precio, y rara vez lo pagaba quien decidía.', 'ar-sa': 'لكل خيار هنا ثمن، ونادرًا ما يدفعه من اختار.' },
  { 'zh-cn': '{hero}那天第一次笑了，只是那并不是开心的笑。', 'en-us': '{hero} smiled for the first time that day, though it was not a happy smile.', 'fr-fr': '{hero} sourit pour la première fois de la journée, mais ce n’était pas un sourire heureux.', 'es-es': '{hero} sonrió por primera vez en todo el día, aunque no era una sonrisa feliz.', 'ar-sa': 'ارتسمت على وجه {hero} أول ابتسامة في ذلك اليوم، لكنها لم تكن ابتسامة سعيدة.' },
  { 'zh-cn': '等到三更的钟声响起，答案依旧无处可寻。', 'en-us': 'By the time the bell rang for the third watch, the answer was still nowhere to be found.', 'fr-fr': 'Quand la cloche sonna la troisième veille, la réponse restait introuvable.', 'es-es': 'Cuando la campana dio la tercera guardia, la respuesta seguía sin aparecer.', 'ar-sa': 'حين دقّ الجرس معلنًا الهزيع الثالث، كان الجواب لا يزال بعيد المنال.' },
  { 'zh-cn': '记忆是个糟糕的证人：它记得衣袖的颜色，却忘了衣袖之上的那张脸。', 'en-us': 'Memory is a poor witness: it remembers the colour of a sleeve and forgets the face above it.', 'fr-fr': 'La mémoire est un piètre témoin : elle retient la couleur d’une manche et oublie le visage au-dessus.', 'es-es': 'La memoria es un mal testigo: recuerda el color de una manga y olvida el rostro que había encima.', 'ar-sa': 'الذاكرة شاهد ضعيف: تتذكر لون الكمّ وتنسى الوجه الذي فوقه.' },
  { 'zh-cn': '前路还很长，但这一回，{hero}清楚地知道它从哪里开始。', 'en-us': 'The road ahead was long, but for once {hero} knew exactly where it began.', 'fr-fr': 'La route serait longue, mais pour une fois {hero} savait exactement où elle commençait.', 'es-es': 'El camino era largo, pero por una vez {hero} sabía exactamente dónde empezaba.', 'ar-sa': 'كان الطريق طويلًا، لكن نقطة بدايته هذه المرة كانت واضحة تمامًا أمام {hero}.' },
];

// prettier-ignore
const QUOTES: readonly Phrases[] = [
  { 'zh-cn': '“别问风从哪里来，”老婆婆曾经说过，“要问它往哪里去。”', 'en-us': '“Do not ask where the wind comes from,” the old woman had said. “Ask where it is going.”', 'fr-fr': '« Ne demande pas d’où vient le vent, avait dit la vieille femme. Demande où il va. »', 'es-es': '«No preguntes de dónde viene el viento», había dicho la anciana. «Pregunta adónde va».', 'ar-sa': '«لا تسأل من أين تأتي الريح»، قالت العجوز ذات يوم، «بل اسأل إلى أين تمضي».' },
  { 'zh-cn': '“锁着的门不过是个问题，”陌生人说，“钥匙才是没人想要的答案。”', 'en-us': '“A locked door is only a question,” said the stranger. “The key is the answer nobody wants.”', 'fr-fr': '« Une porte fermée n’est qu’une question, dit l’inconnu. La clé est la réponse dont personne ne veut. »', 'es-es': '«Una puerta cerrada es solo una pregunta», dijo el desconocido. «La llave es la respuesta que nadie quiere».', 'ar-sa': '«الباب الموصد ليس إلا سؤالًا»، قال الغريب، «والمفتاح هو الجواب الذي لا يريده أحد».' },
  { 'zh-cn': '信上写着：“那时我们还年轻，以为世界会等我们。”', 'en-us': '“We were young, and we thought the world would wait for us,” the letter said.', 'fr-fr': '« Nous étions jeunes, et nous pensions que le monde nous attendrait », disait la lettre.', 'es-es': '«Éramos jóvenes y creíamos que el mundo nos esperaría», decía la carta.', 'ar-sa': '«كنا صغارًا، وظننا أن العالم سينتظرنا»، هكذا جاء في الرسالة.' },
];

// prettier-ignore
const CLOSING: Phrases = { 'zh-cn': '窗外，雨终于停了。', 'en-us': 'Outside, the rain finally stopped.', 'fr-fr': 'Dehors, la pluie cessa enfin.', 'es-es': 'Fuera, por fin dejó de llover.', 'ar-sa': 'في الخارج، توقف المطر أخيرًا.' };

/** A small seeded generator (mulberry32 over an FNV-1a hash of the seed): same seed, same text. */
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Chinese runs sentences together; the other languages separate them with a space. */
const joinSentences = (sentences: string[], language: Language) => sentences.join(language === 'zh-cn' ? '' : ' ');

/** A generic hero in lower case ("the traveller") still opens a sentence with a capital. */
const capitalise = (sentence: string) => sentence.charAt(0).toLocaleUpperCase() + sentence.slice(1);

/** Words for Latin and Arabic script; for Chinese, characters (how Chinese word counts are given). */
export function countWords(html: string, language: Language): number {
  const text = html.replace(/<[^>]*>/g, ' ');
  if (language === 'zh-cn') return (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu) ?? []).length;
}

/** The plan of one chapter (which sentences, where the quote and scene break go), shared by its languages. */
function planChapter(bookIndex: number, chapterNumber: number) {
  const random = seededRandom(`demo-novel/${bookIndex}/${chapterNumber}`);
  const order = SENTENCES.map((_, index) => ({ index, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.index);
  // At most 2 + 4 × 3 = 14 sentences: each sentence of the pool appears once per chapter.
  const paragraphCount = 4 + Math.floor(random() * 2);
  let next = 0;
  const paragraphs = Array.from({ length: paragraphCount }, (_, paragraph) => {
    const length = paragraph === 0 ? 2 : 2 + Math.floor(random() * 2);
    return Array.from({ length }, () => order[next++]!);
  });
  return { paragraphs, quote: (bookIndex + chapterNumber) % QUOTES.length, hasSceneBreak: chapterNumber % 2 === 1 };
}

function chapterHtml(book: DemoBook, bookIndex: number, chapterNumber: number, language: Language): string {
  const plan = planChapter(bookIndex, chapterNumber);
  const hero = (HEROES[book.text['en-us'][0]] ?? TRAVELLER)[language];
  const fill = (template: string) =>
    capitalise(
      template.replace('{hero}', escapeHtmlText(hero)).replace('{name}', escapeHtmlText(chapterName(bookIndex, chapterNumber, language))),
    );
  const blocks = plan.paragraphs.map((indexes, paragraph) => {
    const sentences = indexes.map((index) => fill(SENTENCES[index]![language]));
    if (paragraph === 0) sentences.unshift(fill(OPENING[language]));
    return `<p>${joinSentences(sentences, language)}</p>`;
  });
  blocks.splice(2, 0, `<blockquote><p>${escapeHtmlText(QUOTES[plan.quote]![language])}</p></blockquote>`);
  if (plan.hasSceneBreak) blocks.push('<hr>');
  blocks.push(`<p>${CLOSING[language]}</p>`);
  return blocks.join('\n');
}

/** The chapter's text in each of the book's languages; comics have none. */
export function demoNovelTexts(book: DemoBook, bookIndex: number, chapterNumber: number, languages: readonly Language[]) {
  if (book.book_type !== 'novel') return [];
  return languages.map((language) => {
    const html = chapterHtml(book, bookIndex, chapterNumber, language);
    return { language, html, word_count: countWords(html, language) };
  });
}
