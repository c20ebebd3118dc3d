import {
  GraphQLInputObjectType, GraphQLNonNull, GraphQLString,
  type GraphQLFieldConfigMap, type GraphQLFieldResolver, type GraphQLObjectType,
} from 'graphql';
import { NotFoundError } from '../errors/index.js';
import { FILE_ENTITY_NOT_FOUND } from '../uploads/upload-service.js';
import type { GraphqlContext } from './context.js';
import { IdScalar } from './id-scalar.js';
import type { DocumentSource } from './source.js';

/** The info a client may change on a file, as Strapi's upload plugin names it. */
export const FileInfoInput = new GraphQLInputObjectType({
  name: 'FileInfoInput',
  fields: { name: { type: GraphQLString }, alternativeText: { type: GraphQLString }, caption: { type: GraphQLString } },
});

interface FileInfoArg {
  readonly name?: string | null;
  readonly alternativeText?: string | null;
  readonly caption?: string | null;
}

type Resolver<A> = GraphQLFieldResolver<unknown, GraphqlContext, A>;

/**
 * The upload plugin's own mutations (docs/graphql-content-models.md, "Uploaded files"):
 * `updateUploadFile(id, info)` and `deleteUploadFile(id)`, where `id` is the file's numeric row
 * id. Both go through `UploadService`, as the upload routes do: a deletion takes the file out of
 * every entry and removes its bytes and its formats'. Files are created over REST only: Strapi's
 * GraphQL has no upload mutation.
 */
export function uploadMutations(source: DocumentSource, file: GraphQLObjectType): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  const { uploads } = source;
  const id = { type: new GraphQLNonNull(IdScalar) };

  /** What `info` leaves out or sets to null is kept, as Strapi keeps it; no `info` changes nothing (docs: a departure). */
  const update: Resolver<{ readonly id: string; readonly info?: FileInfoArg | null }> = async (_parent, args) => {
    const found = await uploads.byRowId(args.id);
    if (found === null) throw new NotFoundError(FILE_ENTITY_NOT_FOUND);
    const info = args.info ?? {};
    return uploads.updateInfo(found, { name: info.name ?? undefined, alternativeText: info.alternativeText, caption: info.caption });
  };

  /** The file as it was, or null when the id names none, as Strapi answers. */
  const remove: Resolver<{ readonly id: string }> = async (_parent, args) => {
    const found = await uploads.byRowId(args.id);
    return found === null ? null : uploads.remove(found);
  };

  return {
    updateUploadFile: { type: new GraphQLNonNull(file), args: { id, info: { type: FileInfoInput } }, resolve: update },
    deleteUploadFile: { type: file, args: { id }, resolve: remove },
  };
}
