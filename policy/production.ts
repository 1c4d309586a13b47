/** Policy config of the rules that apply to production stacks only. */
export interface ProductionConfig {
  /** Stack names counted as production; `*` matches any run of characters. */
  productionStacks?: string[];
}

/** The stack names counted as production unless a rule's config says otherwise. */
export const DEFAULT_PRODUCTION_STACKS: readonly string[] = ["prod", "production", "prod-*", "production-*"];

/** The config schema property shared by the production rules. */
export const productionStacksSchema = {
  type: "array",
  items: { type: "string" },
  default: [...DEFAULT_PRODUCTION_STACKS],
  description: "Stack names counted as production; `*` matches any run of characters.",
} as const;

const pattern = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );

/** Whether `stack` is a production stack by `config`. */
export function isProduction(stack: string, config: ProductionConfig): boolean {
  return (config.productionStacks ?? DEFAULT_PRODUCTION_STACKS).some((glob) => pattern(glob).test(stack));
}
