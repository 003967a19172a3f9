import { z } from "zod";
import expo from "../../public/expo.json";
import expoBangla from "../../public/expo.bn.json";

const ExpoItem = z.object({ title: z.string(), desc: z.string(), icon: z.string() });
export type ExpoItem = z.infer<typeof ExpoItem>;

/**
 * The same static file the browser can fetch at /expo.json (and /expo.bn.json in Bangla), read on the server
 * so the cards are in the HTML.
 */
export const expoItems: Record<"en" | "bn", ExpoItem[]> = {
  en: z.array(ExpoItem).parse(expo),
  bn: z.array(ExpoItem).parse(expoBangla),
};
