// `randa/use-case-context`: a use case (a function of a feature under server/ whose first parameter is the
// RequestContext) is called with a RequestContext: the one the request's middleware built (`c.get("ctx")` in an API
// handler, the `ctx` a page door passes), or `storeContext`/`actingContext` (server/context/request-context.ts).
// Passing the services, or an object made by hand, would skip the address the per-address limits count.
import { ESLintUtils } from "@typescript-eslint/utils";

const FEATURE_FILE = /\/server\/(?!context\/)[a-z-]+\//;

export const useCaseContext = ESLintUtils.RuleCreator.withoutDocs({
  meta: {
    type: "problem",
    schema: [],
    messages: {
      missing:
        "{{name}} is a use case: call it with the request's context first (`c.get(\"ctx\")` in an API handler, the door's `ctx` in a page, `storeContext`/`actingContext` elsewhere), not {{given}}.",
    },
  },
  defaultOptions: [],
  create(context) {
    const services = ESLintUtils.getParserServices(context);
    const checker = services.program.getTypeChecker();
    return {
      CallExpression(node) {
        const tsNode = services.esTreeNodeToTSNodeMap.get(node);
        const signature = checker.getResolvedSignature(tsNode);
        const declaration = signature?.getDeclaration();
        if (!declaration || !FEATURE_FILE.test(declaration.getSourceFile().fileName)) return;
        const first = declaration.parameters?.[0];
        if (!first?.type || first.type.getText() !== "RequestContext") return;
        const wanted = checker.getTypeAtLocation(first);
        const arg = node.arguments[0];
        const given = arg ? checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(arg)) : undefined;
        if (given && checker.isTypeAssignableTo(given, wanted)) return;
        const name = declaration.name?.getText() ?? "This function";
        context.report({
          node,
          messageId: "missing",
          data: { name, given: arg ? `\`${context.sourceCode.getText(arg)}\`` : "nothing" },
        });
      },
    };
  },
});
