import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import { graphqlSchemaOf } from '../../src/graphql/index.js';
import { tempQuarry } from '../support/temp-quarry.js';
import { typeLines } from './type-lines.js';

/** What Strapi's schema has that Quarry's does not serve: the entries a file is used by (`related`, a union of every type). */
const NOT_SERVED = [/^UploadFile\.related: /];
/** What Quarry's has beyond Strapi's: media fields of components filter as REST filters them, as relations to files. */
const BEYOND_STRAPI = /^Component\w*FiltersInput\.\w+: UploadFileFiltersInput$/;

/** The lines pinned from the peer's introspection (strapi-types/<project>.txt), comments left out. */
function strapiLines(project: string): string[] {
  return readFileSync(join(import.meta.dirname, 'strapi-types', `${project}.txt`), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#'));
}

describe.each(['launchpad', 'foodadvisor'] as const)("the GraphQL schema of %s's models", (project) => {
  const quarry = tempQuarry(realProject(project));
  afterAll(() => quarry.dispose());
  const lines = typeLines(graphqlSchemaOf(quarry));

  it("names and types components, dynamic zones and media as Strapi's does, field by field", () => {
    const served = (l: string) => !NOT_SERVED.some((r) => r.test(l));
    expect(lines.filter((l) => served(l) && !BEYOND_STRAPI.test(l))).toEqual(strapiLines(project).filter(served));
  });

  it('lets media fields of components filter, beyond Strapi', () => {
    const beyond = lines.filter((l) => BEYOND_STRAPI.test(l));
    expect(beyond).toContain('ComponentSharedSeoFiltersInput.metaImage: UploadFileFiltersInput');
    expect(beyond.every((l) => !strapiLines(project).includes(l))).toBe(true);
  });
});
