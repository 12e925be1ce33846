import { COMPOSITION_CATEGORY_REQUIRED, type CompositionCategory } from "@bahi/shared/contract";
import { ValidationError } from "@bahi/shared/server";

/**
 * Issue 9: the composition category a profile update records. Only a Composition business has
 * one (Rule 7's rate follows it); absent in the update keeps the stored one, and a Composition
 * business without any is refused (400), since its CMP-08 could not be computed.
 */
export function compositionCategoryFor(
  update: { gstCategory: string | null; compositionCategory?: CompositionCategory | null },
  stored: { compositionCategory?: CompositionCategory | null },
): CompositionCategory | null {
  if (update.gstCategory !== "Composition") return null;
  const category = update.compositionCategory === undefined ? (stored.compositionCategory ?? null) : update.compositionCategory;
  if (!category) throw new ValidationError([{ path: ["compositionCategory"], message: COMPOSITION_CATEGORY_REQUIRED }]);
  return category;
}
