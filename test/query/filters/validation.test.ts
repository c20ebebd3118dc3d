import { describe, expect, it } from 'vitest';
import {
  BETWEEN_MESSAGE, buildFilterTree, FILTER_OBJECT_MESSAGE, FILTERS_TYPE_MESSAGE, groupListMessage, invalidKeyMessage,
  misplacedOperatorMessage, nestedListMessage, nestedOperatorMessage, nullOperandMessage, objectOperandMessage,
  textOperandMessage,
} from '../../../src/query/filters/index.js';
import { demoRegistry, expectInvalid, POST, postRegistry, RESTAURANT, THING, thingRegistry, USER } from './fixtures.js';

const restaurant = (filters: unknown) => () => buildFilterTree(demoRegistry, RESTAURANT, filters);

describe('unknown keys and operators (case-sensitive)', () => {
  it.each([
    [{ notAnAttribute: '' }, 'filters.notAnAttribute'],
    [{ t0: { createdBy: { id: { $lt: '1' } } } }, 'filters.t0'],
    [{ $fakeOp: false }, 'filters.$fakeOp'],
    [{ id: { $STARTSWITH: '123' } }, 'filters.id.$STARTSWITH'],
    [{ ID: 1 }, 'filters.ID'],
    [{ Name: 'x' }, 'filters.Name'],
    [{ name: { foo: 'x' } }, 'filters.name.foo'],
    [{ $or: [{ name: 'a' }, { nope: 'b' }] }, 'filters.$or.1.nope'],
    [{ chef: { nope: 1 } }, 'filters.chef.nope'],
    [{ chef: { $and: [{ nope: 1 }] } }, 'filters.chef.$and.0.nope'],
    [{ categories: { restaurants: { chef: { Name: 'x' } } } }, 'filters.categories.restaurants.chef.Name'],
    [{ locale: 'en' }, 'filters.locale'],
    [{ createdBy: 1 }, 'filters.createdBy'],
    [JSON.parse('{"__proto__": {"polluted": 1}}'), 'filters.__proto__'],
    [{ constructor: 'x' }, 'filters.constructor'],
  ])('%j', (filters, path) => {
    const error = expectInvalid(restaurant(filters), path);
    const key = path.split('.').at(-1) ?? '';
    expect(error.details.key).toBe(key);
    expect(error.message).toBe(invalidKeyMessage(key, path.split('.').length > 2 ? path : undefined));
  });

});

describe('private fields, anywhere (answered like unknown keys)', () => {
  const thing = (filters: unknown) => () => buildFilterTree(thingRegistry, THING, filters);
  const post = (filters: unknown) => () => buildFilterTree(postRegistry, POST, filters);

  it.each([
    ['filters.secret', thing({ secret: 'x' })],
    ['filters.secret', thing({ secret: { $endsWith: 'None' } })],
    ['filters.secret', thing({ secret: ['a', 'b'] })],
    ['filters.pw', thing({ pw: { $contains: 'x' } })],
    ['filters.$not.secret', thing({ $not: { s: { $contains: 'B' }, secret: { $contains: 'B' } } })],
    ['filters.$and.0.pw', thing({ $and: [{ pw: 'x' }] })],
    ['filters.$or.1.1.secret', thing({ $or: [{ s: 'a' }, [{ i: 1 }, { secret: 'x' }]] })],
    ['filters.author.password', post({ author: { password: { $startsWith: '$2' } } })],
    ['filters.author.resetPasswordToken', post({ author: { resetPasswordToken: { $startsWith: 'abc' } } })],
    ['filters.author.confirmationToken', post({ author: { confirmationToken: 'x' } })],
    ['filters.author.t1.password', post({ author: { 't1.password': { $startsWith: '$2' } } })],
    ['filters.$not.author.password', post({ $not: { author: { password: { $contains: 'hash' } } } })],
    ['filters.author.$not.password', post({ author: { $not: { password: 'x' } } })],
    ['filters.secretNote', post({ secretNote: { title: 'x' } })],
    ['filters.password', () => buildFilterTree(postRegistry, USER, { password: 'x' })],
  ])('%s', (path, build) => {
    expectInvalid(build, path);
  });

  it('public fields of the same types stay filterable', () => {
    expect(() => buildFilterTree(postRegistry, POST, { author: { username: 'a', email: { $endsWith: '@x.io' }, blocked: false } })).not.toThrow();
  });
});

describe('operators out of place', () => {
  it.each([
    [{ $eq: 3 }, 'filters.$eq', misplacedOperatorMessage('$eq')],
    [{ $null: true }, 'filters.$null', misplacedOperatorMessage('$null')],
    [{ $or: [{ $in: [1] }] }, 'filters.$or.0.$in', misplacedOperatorMessage('$in')],
    [{ chef: { $and: [{ $null: true }] } }, 'filters.chef.$and.0.$null', misplacedOperatorMessage('$null')],
    [{ stars: { $eq: { $gt: 3 } } }, 'filters.stars.$eq.$gt', nestedOperatorMessage('$gt', '$eq')],
    [{ stars: { $not: { $eq: { $in: [1] } } } }, 'filters.stars.$not.$eq.$in', nestedOperatorMessage('$in', '$eq')],
    [{ stars: { $in: { $eq: 1 } } }, 'filters.stars.$in.$eq', nestedOperatorMessage('$eq', '$in')],
    [{ stars: { $in: [1, { $eq: 1 }] } }, 'filters.stars.$in.1.$eq', nestedOperatorMessage('$eq', '$in')],
    [{ stars: { $eq: { foo: 1 } } }, 'filters.stars.$eq.foo', objectOperandMessage('$eq')],
    [{ chef: { name: { $eq: { $in: ['a'] } } } }, 'filters.chef.name.$eq.$in', nestedOperatorMessage('$in', '$eq')],
  ])('%j', (filters, path, message) => {
    expect(expectInvalid(restaurant(filters), path).message).toBe(message);
  });
});

describe('groups', () => {
  it.each([
    [{ $and: { name: 'x' } }, 'filters.$and', groupListMessage('$and')],
    [{ $or: 'x' }, 'filters.$or', groupListMessage('$or')],
    [{ $or: null }, 'filters.$or', groupListMessage('$or')],
    [{ $or: { 0: { name: 'a' }, 1: { name: 'b' } } }, 'filters.$or', groupListMessage('$or')],
    [{ $or: ['x'] }, 'filters.$or.0', FILTER_OBJECT_MESSAGE],
    [{ $and: [{ name: 'a' }, 5] }, 'filters.$and.1', FILTER_OBJECT_MESSAGE],
    [{ $not: 'x' }, 'filters.$not', FILTER_OBJECT_MESSAGE],
    [{ $not: null }, 'filters.$not', FILTER_OBJECT_MESSAGE],
    [{ name: { $or: 'a' } }, 'filters.name.$or', groupListMessage('$or')],
    [{ chef: { $or: { name: 'a' } } }, 'filters.chef.$or', groupListMessage('$or')],
  ])('%j', (filters, path, message) => {
    expect(expectInvalid(restaurant(filters), path).message).toBe(message);
  });

  it.each(['abc', 5, true])('rejects filters = %j', (filters) => {
    expect(expectInvalid(restaurant(filters), 'filters').message).toBe(FILTERS_TYPE_MESSAGE);
  });
});

describe('values that do not fit their field or operator', () => {
  it.each([
    [{ stars: 'abc' }, 'filters.stars', 'Expected a valid number, got "abc"'],
    [{ stars: { $eq: '' } }, 'filters.stars.$eq', 'Expected a valid number, got ""'],
    [{ stars: { $gt: '12abc' } }, 'filters.stars.$gt', 'Expected a valid number, got "12abc"'],
    [{ stars: { $lt: '0x1f' } }, 'filters.stars.$lt', 'Expected a valid number, got "0x1f"'],
    [{ stars: { $lt: 'Infinity' } }, 'filters.stars.$lt', 'Expected a valid number, got "Infinity"'],
    [{ stars: { $eq: true } }, 'filters.stars.$eq', 'Expected a valid number, got true'],
    [{ stars: { $in: ['1', 'x'] } }, 'filters.stars.$in.1', 'Expected a valid number, got "x"'],
    [{ stars: ['1', 'x'] }, 'filters.stars.1', 'Expected a valid number, got "x"'],
    [{ stars: { $eq: ['1', 'x'] } }, 'filters.stars.$eq.1', 'Expected a valid number, got "x"'],
    [{ $or: [{ price: '1' }, { price: '1,5' }] }, 'filters.$or.1.price', 'Expected a valid number, got "1,5"'],
    [{ chef: 'abc' }, 'filters.chef', 'Expected a valid number, got "abc"'],
    [{ chef: { $in: ['documentIdNotId'] } }, 'filters.chef.$in.0', 'Expected a valid number, got "documentIdNotId"'],
    [{ id: { $gt: new Date(0) } }, 'filters.id.$gt', `Expected a valid number, got ${String(new Date(0))}`],
    [{ stars: { $between: [1] } }, 'filters.stars.$between', BETWEEN_MESSAGE],
    [{ stars: { $between: '1,5' } }, 'filters.stars.$between', BETWEEN_MESSAGE],
    [{ stars: { $between: [1, 2, 3] } }, 'filters.stars.$between', BETWEEN_MESSAGE],
    [{ stars: { $between: [1, null] } }, 'filters.stars.$between.1', nullOperandMessage('$between')],
    [{ stars: { $between: [1, 'x'] } }, 'filters.stars.$between.1', 'Expected a valid number, got "x"'],
    [{ stars: { $gt: null } }, 'filters.stars.$gt', nullOperandMessage('$gt')],
    [{ stars: { $in: null } }, 'filters.stars.$in', nullOperandMessage('$in')],
    [{ name: { $contains: null } }, 'filters.name.$contains', nullOperandMessage('$contains')],
    [{ name: { $contains: Symbol('x') } }, 'filters.name.$contains', textOperandMessage('$contains')],
    [{ name: { $eq: [['a']] } }, 'filters.name.$eq.0', nestedListMessage('$eq')],
    [{ name: [['a']] }, 'filters.name.0', nestedListMessage('$in')],
    [{ name: { $contains: ['a', { x: 1 }] } }, 'filters.name.$contains.1.x', objectOperandMessage('$contains')],
    [{ name: new Map() }, 'filters.name', 'Expected a text value, got [object Map]'],
  ])('%j', (filters, path, message) => {
    expect(expectInvalid(restaurant(filters), path).message).toBe(message);
  });

  it('names the nearest key in details.key, and the request parameter in details.param', () => {
    const error = expectInvalid(restaurant({ stars: { $in: ['1', 'x'] } }), 'filters.stars.$in.1');
    expect(error.details).toEqual({ key: '$in', path: 'filters.stars.$in.1', source: 'query', param: 'filters' });
  });

  it('roots error paths where the caller says the filters stand', () => {
    const build = () => buildFilterTree(demoRegistry, RESTAURANT, { stars: 'x' }, { path: ['populate', 'chef', 'filters'] });
    expect(expectInvalid(build, 'populate.chef.filters.stars').details.param).toBe('populate');
  });
});
