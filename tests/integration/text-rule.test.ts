import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "@server/db/auth-schema";
import { product } from "@server/db/schema";
import { english, type MessageCode } from "@shared/messages";
import { text, trimInvisible } from "@shared/schemas/text";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { changedTables, fingerprint, type Ignored } from "../support/fingerprint";
import { makeProduct, orderFor, TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";

/**
 * One rule for every free-text field (shared/schemas/text.ts): a length limit, no NUL, broken UTF-16, control or
 * text-direction characters, and not empty once invisible characters are trimmed. Refused at both doors, the JSON
 * API (Better Auth's own endpoints included) and the pages' form actions, with the field's own message, and
 * nothing changes.
 */

describe("the text rule itself", () => {
  const rule = text({
    max: 10,
    required: "auth.name_required",
    tooLong: "user.name_too_long",
    unsafe: "user.name_unsafe",
  });
  const verdict = (value: unknown) => {
    const parsed = rule.safeParse(value);
    return parsed.success ? { kept: parsed.data } : { refused: parsed.error.issues[0]!.message };
  };

  it.each<[string, unknown, unknown]>([
    ["NUL", "a\u0000b", { refused: "user.name_unsafe" }],
    ["an unpaired high surrogate", "a\ud800b", { refused: "user.name_unsafe" }],
    ["an unpaired low surrogate", "\udc00", { refused: "user.name_unsafe" }],
    ["a right-to-left override", "\u202egnp.exe", { refused: "user.name_unsafe" }],
    ["each override and embedding", "\u202a\u202b\u202c\u202d", { refused: "user.name_unsafe" }],
    ["an isolate", "a\u2066b\u2069", { refused: "user.name_unsafe" }],
    ["a first-strong isolate", "a\u2068b", { refused: "user.name_unsafe" }],
    ["a terminal escape", "\u001b[2Jx", { refused: "user.name_unsafe" }],
    ["a C1 control", "a\u0085b", { refused: "user.name_unsafe" }],
    ["two zero-width spaces", "\u200b\u200b", { refused: "auth.name_required" }],
    ["a byte-order mark, a word joiner and a Hangul filler", "\ufeff\u2060\u3164", { refused: "auth.name_required" }],
    ["a blank braille pattern and spaces", " \u2800\u00a0\u3000", { refused: "auth.name_required" }],
    ["eleven characters", "abcdefghijk", { refused: "user.name_too_long" }],
    ["a number", 42, { refused: "auth.name_required" }],
    ["zero-width characters around a name", "\u200b Karim \u200d\ufe0f", { kept: "Karim" }],
    ["a Bangla name with its joiners", "র‍্যাব\u200cকো", { kept: "র‍্যাব\u200cকো" }],
    ["an emoji (two UTF-16 units) at the end", "Karim 🪚", { kept: "Karim 🪚" }],
    ["a tab and a line break inside", "a\tb\nc", { kept: "a\tb\nc" }],
    ["ten characters after trimming", `  ${"x".repeat(10)}\u200b`, { kept: "x".repeat(10) }],
  ])("%s: %j", (_, value, expected) => {
    expect(verdict(value)).toEqual(expected);
  });

  it("trims a long run of invisible characters in linear time", () => {
    const run = " ".repeat(200_000);
    const started = performance.now();
    expect(trimInvisible(`${run}a${run}b${run}`)).toBe(`a${run}b`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

/** What each field is sent: refused, with the field's message of which kind. */
const NASTY: [what: string, value: string, refusal: "unsafe" | "required" | "tooLong"][] = [
  ["a NUL", "a\u0000b", "unsafe"],
  // A form cannot carry it: its encoding makes it U+FFFD, as a browser's does.
  ["an unpaired surrogate (the API only)", "Karim \ud800", "unsafe"],
  ["a right-to-left override", "\u202egnp.exe", "unsafe"],
  ["a 60,000-character name with a right-to-left override", `\u202e${"x".repeat(60_000)}`, "unsafe"],
  ["a left-to-right isolate", "Karim\u2066 Uddin\u2069", "unsafe"],
  ["a terminal escape", "\u001b[31mKarim", "unsafe"],
  ["two zero-width spaces", "\u200b\u200b", "required"],
];

interface Accounts {
  customer: TestAccount;
  admin: TestAccount;
}

interface Door {
  path: string;
  init: RequestInit;
}

interface Field {
  field: string;
  max: number;
  messages: Record<"unsafe" | "required" | "tooLong", MessageCode>;
  /** An optional field takes text of invisible characters only as none. */
  optional?: boolean;
  /** Fresh rows the two requests work on. */
  scene?: (t: ReturnType<typeof usePageApp>, a: Accounts) => Promise<Record<string, string>>;
  api: (value: string, a: Accounts, s: Record<string, string>) => Door;
  /** The page's form post; none for Better Auth's update-user and PUT /api/user, which no page offers. */
  page?: (value: string, a: Accounts, s: Record<string, string>) => { path: string; fields: Record<string, string> };
  as: keyof Accounts | "nobody";
  /** Tables a refused request may still change: the rate limits count every attempt. */
  ignored?: Ignored;
}

const ATTEMPTS_COUNTED: Ignored = { tables: ["public.rate_limit", "public.request_limit"] };
const personName = {
  unsafe: "user.name_unsafe",
  required: "auth.name_required",
  tooLong: "user.name_too_long",
} as const;
const productBody = (change: Record<string, string>) => ({
  name: `Panel Gauge ${randomUUID().slice(0, 6)}`,
  price: 780,
  Availability: 100,
  minimumQuantity: 20,
  desc: "Marks wide boards.",
  image: "/images/products/marking-gauge.svg",
  ...change,
});
const productForm = (change: Record<string, string>) => ({
  name: `Panel Gauge ${randomUUID().slice(0, 6)}`,
  price: "780",
  availability: "100",
  minimumQuantity: "20",
  description: "Marks wide boards.",
  image: "/images/products/marking-gauge.svg",
  ...change,
});
const productField = (field: string, apiName: string, max: number, messages: Field["messages"], optional = false) =>
  ({
    field: `product ${field}`,
    max,
    messages,
    optional,
    as: "admin",
    api: (value, a) => ({
      path: "/api/product",
      init: jsonInit("POST", productBody({ [apiName]: value }), asBearer(a.admin)),
    }),
    page: (value) => ({ path: "/dashboard/addproduct", fields: productForm({ [field]: value }) }),
  }) satisfies Field;

const FIELDS: Field[] = [
  {
    field: "sign-up name",
    max: 100,
    messages: personName,
    as: "nobody",
    ignored: ATTEMPTS_COUNTED,
    api: (name) => ({
      path: "/api/auth/sign-up/email",
      init: jsonInit("POST", { name, email: `new-${randomUUID()}@example.test`, password: "sawdust-42" }),
    }),
    page: (name) => ({
      path: "/register",
      fields: { name, email: `new-${randomUUID()}@example.test`, password: "sawdust-42" },
    }),
  },
  {
    field: "Better Auth's update-user name",
    max: 100,
    messages: personName,
    as: "customer",
    ignored: ATTEMPTS_COUNTED,
    api: (name, a) => ({ path: "/api/auth/update-user", init: jsonInit("POST", { name }, asBearer(a.customer)) }),
  },
  {
    field: "PUT /api/user name",
    max: 100,
    messages: personName,
    as: "customer",
    api: (name, a) => ({
      path: `/api/user/${encodeURIComponent(a.customer.email)}`,
      init: jsonInit("PUT", { name }, asBearer(a.customer)),
    }),
  },
  productField("name", "name", 200, {
    unsafe: "product.name_unsafe",
    required: "product.name_required",
    tooLong: "product.name_too_long",
  }),
  productField("description", "desc", 5000, {
    unsafe: "product.description_unsafe",
    required: "product.description_required",
    tooLong: "product.description_too_long",
  }),
  productField(
    "details",
    "details",
    5000,
    { unsafe: "product.details_unsafe", required: "product.details_not_text", tooLong: "product.details_too_long" },
    true,
  ),
  productField(
    "nameBn",
    "nameBn",
    200,
    { unsafe: "product.name_bn_unsafe", required: "product.name_bn_not_text", tooLong: "product.name_bn_too_long" },
    true,
  ),
  productField(
    "descriptionBn",
    "descBn",
    5000,
    {
      unsafe: "product.description_bn_unsafe",
      required: "product.description_bn_not_text",
      tooLong: "product.description_bn_too_long",
    },
    true,
  ),
  {
    field: "review comment",
    max: 1000,
    messages: {
      unsafe: "review.comment_unsafe",
      required: "review.comment_required",
      tooLong: "review.comment_too_long",
    },
    as: "customer",
    api: (comment, a) => ({
      path: "/api/review",
      init: jsonInit("POST", { rating: 4, comment }, asBearer(a.customer)),
    }),
    page: (comment) => ({ path: "/dashboard/reviews", fields: { rating: "4", comment } }),
  },
  ...(["education", "number", "location"] as const).map((name): Field => ({
    field: `profile ${name}`,
    max: 200,
    messages: {
      unsafe: `profile.${name}_unsafe`,
      required: `profile.${name}_not_text`,
      tooLong: `profile.${name}_too_long`,
    },
    optional: true,
    as: "customer",
    api: (value, a) => ({
      path: `/api/profile/${encodeURIComponent(a.customer.email)}`,
      init: jsonInit("PUT", { [name]: value }, asBearer(a.customer)),
    }),
    page: (value) => ({ path: "/dashboard/profile", fields: { [name]: value } }),
  })),
  ...(
    [
      ["nameEn", "category.name_en_required"],
      ["nameBn", "category.name_bn_required"],
    ] as const
  ).map(([name, required]): Field => ({
    field: `category ${name}`,
    max: 60,
    messages: { unsafe: "category.name_unsafe", required, tooLong: "category.name_too_long" },
    as: "admin",
    api: (value, a) => ({
      path: "/api/category",
      init: jsonInit("POST", { nameEn: `Shelf ${randomUUID()}`, nameBn: "তাক", [name]: value }, asBearer(a.admin)),
    }),
    page: (value) => ({
      path: "/dashboard/categories",
      fields: { intent: "add", nameEn: `Shelf ${randomUUID()}`, nameBn: "তাক", [name]: value },
    }),
  })),
  ...(
    [
      [
        "name",
        100,
        { unsafe: "delivery.name_unsafe", required: "delivery.name_required", tooLong: "delivery.name_too_long" },
      ],
      [
        "address",
        300,
        {
          unsafe: "delivery.address_unsafe",
          required: "delivery.address_required",
          tooLong: "delivery.address_too_long",
        },
      ],
    ] as const
  ).map(([name, max, messages]): Field => ({
    field: `delivery ${name}`,
    max,
    messages,
    as: "customer",
    scene: async (t, a) => ({ orderId: await orderFor(t, a.customer) }),
    api: (value, a, s) => ({
      path: `/api/order/${s.orderId}/delivery`,
      init: jsonInit("PUT", { ...TEST_DELIVERY, [name]: value }, asBearer(a.customer)),
    }),
    page: (value, _a, s) => ({
      path: `/dashboard/payment/${s.orderId}`,
      fields: { intent: "delivery", ...TEST_DELIVERY, [name]: value },
    }),
  })),
  {
    field: "cancel reason",
    max: 500,
    messages: { unsafe: "order.reason_unsafe", required: "order.reason_too_long", tooLong: "order.reason_too_long" },
    optional: true,
    as: "admin",
    scene: async (t, a) => ({ orderId: await orderFor(t, a.customer) }),
    api: (reason, a, s) => ({
      path: `/api/order/${s.orderId}`,
      init: jsonInit("DELETE", { reason }, asBearer(a.admin)),
    }),
    page: (reason, _a, s) => ({
      path: "/dashboard/manageorder",
      fields: { intent: "cancel", orderId: s.orderId!, reason },
    }),
  },
];

describe("every free-text field is refused by the same rule at both doors, with its own message", () => {
  const t = usePageApp();
  const accounts = {} as Accounts;

  beforeAll(async () => {
    accounts.customer = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });

  const cases = (f: Field) => [
    ...NASTY.filter(([, , refusal]) => !(f.optional && refusal === "required")),
    ["one character over its limit", "x".repeat(f.max + 1), "tooLong"] as const,
  ];

  for (const f of FIELDS) {
    it(`${f.field}: ${f.page ? "the API and the page answer" : "the API answers"} 400 with the field's message and change nothing`, async () => {
      for (const [what, value, refusal] of cases(f)) {
        const s = (await f.scene?.(t, accounts)) ?? {};
        const expected = { status: 400, code: f.messages[refusal], message: english(f.messages[refusal]) };
        const before = await fingerprint(t.database, f.ignored);
        const { path, init } = f.api(value, accounts, s);
        const res = await t.request(path, init);
        const body = (await res.json()) as { code?: string; message?: string };
        expect.soft({ status: res.status, ...body }, `${what} through the API`).toEqual(expected);
        if (f.page && !what.endsWith("(the API only)")) {
          const post = f.page(value, accounts, s);
          const as = f.as === "nobody" ? undefined : accounts[f.as];
          const answer = await readAnswer(await t.postForm(post.path, post.fields, as));
          expect
            .soft({ status: answer.status, message: answer.message }, `${what} through the page`)
            .toEqual({ status: 400, message: expected.message });
        }
        expect(changedTables(before, await fingerprint(t.database, f.ignored)), what).toEqual([]);
      }
    });
  }

  it("takes a name sent with invisible characters around it, trimmed, at sign-up and at update-user", async () => {
    const email = `trimmed-${randomUUID()}@example.test`;
    const res = await t.request(
      "/api/auth/sign-up/email",
      jsonInit("POST", { name: "\u200b Nasrin Akter\u200b ", email, password: "sawdust-42" }),
    );
    expect(res.status).toBe(200);
    const nameOf = async () => (await t.database.db.select().from(user).where(eq(user.email, email)))[0]!.name;
    expect(await nameOf()).toBe("Nasrin Akter");
    const token = res.headers.get("set-auth-token")!;
    const renamed = await t.request(
      "/api/auth/update-user",
      jsonInit("POST", { name: "\ufeffনাসরিন আক্তার\u2060" }, { Authorization: `Bearer ${token}` }),
    );
    expect(renamed.status).toBe(200);
    expect(await nameOf()).toBe("নাসরিন আক্তার");
  });

  it("refuses a picture that is not a web address at sign-up and update-user, where a NUL answered 500", async () => {
    for (const image of ["a\u0000b", "javascript:alert(1)", `https://x.example/${"a".repeat(2048)}`, 42]) {
      const before = await fingerprint(t.database, ATTEMPTS_COUNTED);
      const updated = await t.request(
        "/api/auth/update-user",
        jsonInit("POST", { image }, asBearer(accounts.customer)),
      );
      expect(await updated.json()).toEqual({ code: "user.image_invalid", message: english("user.image_invalid") });
      const signedUp = await t.request(
        "/api/auth/sign-up/email",
        jsonInit("POST", { name: "Karim", email: `img-${randomUUID()}@example.test`, password: "sawdust-42", image }),
      );
      expect(signedUp.status).toBe(400);
      expect(changedTables(before, await fingerprint(t.database, ATTEMPTS_COUNTED))).toEqual([]);
    }
  });

  it("takes a Bangla name of zero-width spaces as no Bangla name: the English one shows, never an empty heading", async () => {
    const { id } = await makeProduct(t, { nameBn: "পুরনো নাম" });
    const res = await t.request(
      `/api/product/${id}`,
      jsonInit("PUT", { nameBn: "\u200b\u200b" }, asBearer(accounts.admin)),
    );
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(product).where(eq(product.id, id));
    expect(row!.nameBn).toBeNull();
  });
});
