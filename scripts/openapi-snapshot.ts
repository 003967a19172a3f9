// Rewrites tests/integration/openapi-snapshot.json from the document the store serves: run it only for a
// deliberate change to the API, and let the diff show what a client will see change.
import { writeFileSync } from "node:fs";
import { API_CALLS } from "../server/http/api-router";
import { openApiJson } from "../server/openapi/document";
import { shapeOf } from "../tests/support/openapi-shape";

const file = new URL("../tests/integration/openapi-snapshot.json", import.meta.url);
writeFileSync(file, JSON.stringify(shapeOf(JSON.parse(openApiJson(API_CALLS))), null, 2) + "\n");
