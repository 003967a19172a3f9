import { z } from "zod";
import expo from "../../public/expo.json";

const ExpoItem = z.object({ title: z.string(), desc: z.string(), icon: z.string() });
export type ExpoItem = z.infer<typeof ExpoItem>;

/** The same static file the browser can fetch at /expo.json, read on the server so the cards are in the HTML. */
export const expoItems: ExpoItem[] = z.array(ExpoItem).parse(expo);
