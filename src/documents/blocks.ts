import { ValidationError } from '../errors/index.js';
import { isPlainObject } from '../objects.js';

/**
 * Strapi's blocks editor value: a list of block nodes (paragraph, heading, quote, code, list,
 * image), whose children are inline nodes (text with its marks, link). Checked here so that a
 * front end rendering it can rely on its shape; a node's unknown keys are left as given, as
 * Strapi's validator passes them.
 */
export function checkBlocks(value: unknown, path: string): unknown {
  if (!Array.isArray(value)) throw ValidationError.at(path, 'must be a list of blocks');
  value.forEach((block, i) => checkBlock(block, `${path}.${i}`));
  return value;
}

const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;

function node(value: unknown, path: string): Readonly<Record<string, unknown>> {
  if (!isPlainObject(value) || typeof value.type !== 'string') throw ValidationError.at(path, 'must be a node with a "type"');
  return value;
}

function children(n: Readonly<Record<string, unknown>>, path: string, each: (child: unknown, at: string) => void): void {
  if (!Array.isArray(n.children) || n.children.length === 0) throw ValidationError.at(`${path}.children`, `a ${String(n.type)} node needs a non-empty list of children`);
  n.children.forEach((c, i) => each(c, `${path}.children.${i}`));
}

function checkBlock(value: unknown, path: string): void {
  const n = node(value, path);
  switch (n.type) {
    case 'paragraph':
    case 'quote':
    case 'code':
      if (n.type === 'code' && n.language !== undefined && typeof n.language !== 'string') throw ValidationError.at(`${path}.language`, 'must be a string');
      return children(n, path, checkInline);
    case 'heading':
      if (!Number.isInteger(n.level) || (n.level as number) < 1 || (n.level as number) > 6) throw ValidationError.at(`${path}.level`, 'a heading level is 1 to 6');
      return children(n, path, checkInline);
    case 'list':
      checkList(n, path);
      return;
    case 'image':
      if (!isPlainObject(n.image)) throw ValidationError.at(`${path}.image`, 'an image block holds the image object');
      return children(n, path, checkInline);
    default:
      throw ValidationError.at(`${path}.type`, `unknown block type ${JSON.stringify(n.type)}`);
  }
}

function checkList(n: Readonly<Record<string, unknown>>, path: string): void {
  if (n.format !== 'ordered' && n.format !== 'unordered') throw ValidationError.at(`${path}.format`, 'a list format is "ordered" or "unordered"');
  if (n.indentLevel !== undefined && !Number.isInteger(n.indentLevel)) throw ValidationError.at(`${path}.indentLevel`, 'must be an integer');
  children(n, path, (child, at) => {
    const c = node(child, at);
    if (c.type === 'list') return checkList(c, at);
    if (c.type !== 'list-item') throw ValidationError.at(`${at}.type`, 'a list holds list-item and list nodes');
    children(c, at, checkInline);
  });
}

function checkInline(value: unknown, path: string): void {
  const n = node(value, path);
  if (n.type === 'link') {
    if (typeof n.url !== 'string') throw ValidationError.at(`${path}.url`, 'a link needs a url');
    return children(n, path, (child, at) => checkText(node(child, at), at));
  }
  checkText(n, path);
}

function checkText(n: Readonly<Record<string, unknown>>, path: string): void {
  if (n.type !== 'text') throw ValidationError.at(`${path}.type`, `unknown inline node type ${JSON.stringify(n.type)}`);
  if (typeof n.text !== 'string') throw ValidationError.at(`${path}.text`, 'a text node needs its text');
  for (const mark of MARKS) {
    if (n[mark] !== undefined && typeof n[mark] !== 'boolean') throw ValidationError.at(`${path}.${mark}`, `${mark} must be a boolean`);
  }
}
