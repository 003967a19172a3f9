import { BASE_URL, DEMO_ADMIN } from "./accounts";
import { expect, test as base } from "./fixtures";
import { signInViaApi } from "./shop";

/** A tool a test adds: its name (and Bangla name) and the pieces on its shelf. */
export interface NewTool {
  name: string;
  nameBn?: string;
  stock: number;
}

let made = 0;
/** A name no other tool has: the test's words, then a tag of this run and this worker. */
export const unique = (words: string) => `${words} ${Date.now().toString(36)}${process.pid}${++made}`;

export const test = base.extend<{ addTool: (tool: NewTool) => Promise<string> }>({
  /** Adds a tool through the API as the demo admin (weighing 0 g, bought 10 at a time); removed after the test. */
  addTool: async ({ playwright }, provide) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInViaApi(admin, DEMO_ADMIN);
    const ids: string[] = [];
    await provide(async ({ name, nameBn, stock }) => {
      const res = await admin.post("/api/product", {
        data: {
          name,
          nameBn,
          price: 350,
          Availability: stock,
          minimumQuantity: 10,
          desc: "Holds a board square against the saw.",
          image: "/images/products/try-square.svg",
        },
        headers: { Origin: BASE_URL },
      });
      expect(res.ok(), await res.text()).toBe(true);
      const { insertedId } = (await res.json()) as { insertedId: string };
      ids.push(insertedId);
      return insertedId;
    });
    for (const id of ids) {
      const gone = await admin.delete(`/api/product/${id}`, { headers: { Origin: BASE_URL } });
      expect(gone.ok(), await gone.text()).toBe(true);
    }
    await admin.dispose();
  },
});
