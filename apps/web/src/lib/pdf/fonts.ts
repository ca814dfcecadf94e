import latinBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import latinRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import bengaliBold from '@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf?url';
import bengaliRegular from '@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf?url';
import devanagariBold from '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf?url';
import devanagariRegular from '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url';
import kannadaBold from '@expo-google-fonts/noto-sans-kannada/700Bold/NotoSansKannada_700Bold.ttf?url';
import kannadaRegular from '@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf?url';
import tamilBold from '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf?url';
import tamilRegular from '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf?url';
import type { TFontDictionary } from 'pdfmake/interfaces';
// Gurmukhi and Telugu: an older Noto release kept with the app (see fonts/OFL.txt); the npm
// releases' null mark anchors make the shaper throw on most words.
import gurmukhiBold from './fonts/NotoSansGurmukhi-Bold.ttf?url';
import gurmukhiRegular from './fonts/NotoSansGurmukhi-Regular.ttf?url';
import teluguBold from './fonts/NotoSansTelugu-Bold.ttf?url';
import teluguRegular from './fonts/NotoSansTelugu-Regular.ttf?url';
import type { PdfScript } from './text-runs';

// Full TrueType Noto fonts (not web subsets): the PDF shaper needs every glyph and the complete
// OpenType layout tables of a script to form its conjuncts.
const FILES: Record<PdfScript, { normal: string; bold: string }> = {
  latin: { normal: latinRegular, bold: latinBold },
  devanagari: { normal: devanagariRegular, bold: devanagariBold },
  gurmukhi: { normal: gurmukhiRegular, bold: gurmukhiBold },
  bengali: { normal: bengaliRegular, bold: bengaliBold },
  telugu: { normal: teluguRegular, bold: teluguBold },
  kannada: { normal: kannadaRegular, bold: kannadaBold },
  tamil: { normal: tamilRegular, bold: tamilBold },
};

/** pdfmake font families for the scripts a document uses; files are fetched from our own origin. */
export function fontsFor(scripts: Iterable<PdfScript>, base: string): TFontDictionary {
  const fonts: TFontDictionary = {};
  for (const script of scripts) {
    const files = FILES[script];
    const normal = new URL(files.normal, base).href;
    const bold = new URL(files.bold, base).href;
    fonts[script] = { normal, bold, italics: normal, bolditalics: bold };
  }
  return fonts;
}
