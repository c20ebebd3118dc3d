import { FilterVisitor, type AndNode, type ConstNode, type NotNode, type OrNode } from '../ir/index.js';
import type { Truth } from '../values/index.js';

/** A filter decided for one subject (a row by id, an item of a component), three-valued as SQL. */
export type Test<S> = (subject: S) => Truth;

/**
 * Compiles a filter into closures over one kind of subject: groups and constants here, what a
 * comparison, a relation or a list of items reads is the subclass's.
 */
export abstract class TestCompiler<S, C> extends FilterVisitor<Test<S>, C> {
  protected visitConst(node: ConstNode): Test<S> {
    const { value } = node;
    return () => value;
  }

  protected visitAnd(node: AndNode, context: C): Test<S> {
    return kleene(node.children.map((c) => this.visit(c, context)), false);
  }

  protected visitOr(node: OrNode, context: C): Test<S> {
    return kleene(node.children.map((c) => this.visit(c, context)), true);
  }

  protected visitNot(node: NotNode, context: C): Test<S> {
    const inner = this.visit(node.child, context);
    return (subject) => {
      const t = inner(subject);
      return t === null ? null : !t;
    };
  }
}

/**
 * Kleene AND (`decisive` false) or OR (`decisive` true): one child with the decisive value decides;
 * otherwise one unknown makes the whole unknown.
 */
function kleene<S>(tests: readonly Test<S>[], decisive: boolean): Test<S> {
  return (subject) => {
    let result: Truth = !decisive;
    for (const test of tests) {
      const t = test(subject);
      if (t === decisive) return decisive;
      if (t === null) result = null;
    }
    return result;
  };
}

/**
 * EXISTS over a list of items read in place: TRUE when an item passes, else FALSE; a list that is
 * missing or empty answers `unlinked` (its LEFT JOIN row of NULLs passes or not).
 */
export function someOf(list: unknown, item: Test<Readonly<Record<string, unknown>>>, unlinked: boolean): Truth {
  if (!Array.isArray(list) || list.length === 0) return unlinked;
  for (const value of list) if (item(value as Readonly<Record<string, unknown>>) === true) return true;
  return false;
}
