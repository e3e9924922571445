import type { Random } from './random.js';

/** Word lists for generated titles: varied enough that titles and their lengths look like a real catalogue. */

// Written as separated strings so the lists stay compact.
const words = (text: string, separator = ' ') => text.split(separator);
const EN_ADJECTIVES = words('Crimson Silent Eternal Hidden Broken Golden Last Wandering Frozen Burning');
EN_ADJECTIVES.push(...words('Forgotten Azure Iron Hollow Radiant Shattered Midnight Celestial Wild Pale'));
const EN_NOUNS = words('Sword Empress Dragon Scholar Moon Phoenix Throne Archive Lantern Assassin');
EN_NOUNS.push(...words('Alchemist Garden Citadel Heir Storm Oath Detective Courier Tide Mask'));
const EN_PLACES = words('Northern Sect,Jade Palace,Neon City,Last Frontier,Silver Valley,Ninth Heaven,Old Capital', ',');
EN_PLACES.push(...words('Drowned Kingdom,Red Desert,Cloud Peak,Lost Colony,Harbour District', ','));
const ZH_PARTS_A = [...'天剑凤龙星月云雪血梦神霸仙魔狐夜'];
const ZH_PARTS_B = [...'帝尊王途域城歌宫道录传记劫门行主'];
const ZH_SUFFIXES = words(',,,之巅,传奇,风云,无双,归来,纪元,秘录', ',');
const ZH_INTRO_PHRASES = words('少年意外穿越，|一场阴谋揭开了千年的秘密，|她在末世中醒来，|繁华都市里，', '|');
ZH_INTRO_PHRASES.push(...words('古老的门派再度现世，|星际舰队迷失于深空，|命运的齿轮开始转动，|一封神秘的来信，', '|'));

export function englishBookTitle(random: Random): string {
  return random.next() < 0.5
    ? `The ${random.pick(EN_ADJECTIVES)} ${random.pick(EN_NOUNS)}`
    : `${random.pick(EN_NOUNS)} of the ${random.pick(EN_PLACES)}`;
}

export function chineseBookTitle(random: Random): string {
  return `${random.pick(ZH_PARTS_A)}${random.pick(ZH_PARTS_B)}${random.pick(ZH_PARTS_A)}${random.pick(ZH_SUFFIXES)}`;
}

export function englishIntroduction(random: Random, title: string): string {
  return (
    `In "${title}", a ${random.pick(EN_ADJECTIVES).toLowerCase()} ${random.pick(EN_NOUNS).toLowerCase()} ` +
    `sets out from the ${random.pick(EN_PLACES)} and finds that nothing is what it seemed. ` +
    `Alliances break, old debts come due, and every chapter raises the stakes.`
  );
}

export function chineseIntroduction(random: Random, title: string): string {
  return `《${title}》：${random.pick(ZH_INTRO_PHRASES)}${random.pick(ZH_INTRO_PHRASES)}一段传奇就此展开。`;
}

export function englishChapterTitle(random: Random, number: number): string {
  return `Chapter ${number}: ${random.pick(EN_ADJECTIVES)} ${random.pick(EN_NOUNS)}`;
}
