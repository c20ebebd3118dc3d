import type { Quarry } from '../index.js';

/** The restaurant the connect example rearranges: it is in the demo dataset (data/demo/generate.mjs). */
export const EXAMPLE_RESTAURANT = 'Le Petit Zinc';
/** The slug of the page the components example reads, also in the demo dataset. */
export const EXAMPLE_PAGE = 'home';

/**
 * Example requests printed when the demo starts, built against what the data folder holds so
 * that they answer as shown (documentIds are looked up, not written down).
 */
export async function demoExamples(quarry: Quarry, url: string): Promise<string> {
  const lines = [
    '# Deep filter: open restaurants of French chefs filed under "Bistro", best first, chef shown',
    `curl -g '${url}/restaurants?filters[chef][country][$eq]=France&filters[categories][name][$eq]=Bistro&filters[open][$eq]=true&sort=stars:desc&populate[chef][fields][0]=name'`,
    '',
    ...(await connectExample(quarry, url)),
    '',
    ...pageExample(url),
    '',
    ...graphqlExample(url),
  ];
  return lines.map((l) => (l === '' ? '' : `  ${l}`)).join('\n');
}

async function connectExample(quarry: Quarry, url: string): Promise<string[]> {
  const restaurant = await quarry.documents('api::restaurant.restaurant').findFirst({
    filters: { name: { $eq: EXAMPLE_RESTAURANT } },
    populate: { categories: { fields: ['name'] } },
  });
  const linked = (restaurant?.categories ?? []) as { documentId: string; name: string }[];
  const category = await quarry.documents('api::category.category').findFirst({
    filters: { documentId: { $notIn: linked.map((c) => c.documentId) } },
    sort: 'name:asc',
  });
  const anchor = linked[0];
  if (!restaurant || !category || !anchor) return [`# (the connect example needs "${EXAMPLE_RESTAURANT}" and its categories: this data folder no longer has them)`];
  const body = { data: { categories: { connect: [{ documentId: category.documentId, position: { before: anchor.documentId } }] } } };
  return [
    `# Connect with a position: file "${EXAMPLE_RESTAURANT}" under "${String(category.name)}", before "${anchor.name}"`,
    `curl -X PUT '${url}/restaurants/${String(restaurant.documentId)}?populate=categories' -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`,
  ];
}

/**
 * A page built from components (data/schemas/api/page): its SEO component with the share image,
 * and its dynamic zone with what each section links (the hero's image, the list's restaurants).
 */
function pageExample(url: string): string[] {
  return [
    `# Components, a dynamic zone and media: the "${EXAMPLE_PAGE}" page with its SEO image and each section populated`,
    `curl -g '${url}/pages?filters[slug][$eq]=${EXAMPLE_PAGE}&populate[seo][populate]=shareImage&populate[sections][populate]=*'`,
  ];
}

/** The deep filter again, over GraphQL at `/graphql` beside the REST prefix, with relations selected. */
function graphqlExample(url: string): string[] {
  const query = '{ restaurants(filters: { chef: { country: { eq: "France" } }, categories: { name: { eq: "Bistro" } }, open: { eq: true } }, '
    + 'sort: "stars:desc") { name stars chef { name } categories { name } } }';
  return [
    '# GraphQL: the same deep filter, each restaurant with its chef and its categories in stored order (open /graphql in a browser to explore)',
    `curl -X POST '${new URL(url).origin}/graphql' -H 'Content-Type: application/json' -d '${JSON.stringify({ query })}'`,
  ];
}
