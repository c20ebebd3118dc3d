/**
 * The tables, link tables and indexes Strapi 5.54 creates on SQLite for the benchmark's models
 * (data/schemas: restaurant, chef, category), as the 5.54 peer made them: read from its
 * sqlite_master (each foreign key once; the peer's DDL repeats each). The load bench fills them
 * as Strapi stores this content (strapi-load.ts) to size Strapi's file for it.
 *
 * What the peer showed of the schema: every type has document_id, created_at, updated_at,
 * published_at, created_by_id, updated_by_id and locale, and an index on (document_id, locale,
 * published_at); relations live in link tables named `<table>_<field>_lnk` with an id, both
 * foreign keys, an order column per ordered side (float), a unique pair and an index per column;
 * the manyToOne chef keeps only the chef's side order (`restaurant_ord`). restaurant.articles
 * (to article, empty here) has its link table too.
 */

const audit = (table: string) => `
  CONSTRAINT \`${table}_created_by_id_fk\` FOREIGN KEY (\`created_by_id\`) REFERENCES \`admin_users\` (\`id\`) ON DELETE SET NULL,
  CONSTRAINT \`${table}_updated_by_id_fk\` FOREIGN KEY (\`updated_by_id\`) REFERENCES \`admin_users\` (\`id\`) ON DELETE SET NULL`;

const typeIndexes = (table: string) => `
CREATE INDEX \`${table}_documents_idx\` on \`${table}\` (\`document_id\`, \`locale\`, \`published_at\`);
CREATE INDEX \`${table}_created_by_id_fk\` on \`${table}\` (\`created_by_id\`);
CREATE INDEX \`${table}_updated_by_id_fk\` on \`${table}\` (\`updated_by_id\`);`;

export const STRAPI_TABLES = `
CREATE TABLE "chefs" (\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL, \`document_id\` varchar(255) NULL, \`name\` varchar(255) NULL,
  \`country\` varchar(255) NULL, \`created_at\` datetime NULL, \`updated_at\` datetime NULL, \`published_at\` datetime NULL,
  \`created_by_id\` integer NULL, \`updated_by_id\` integer NULL, \`locale\` varchar(255) NULL,${audit('chefs')});
CREATE TABLE "categories" (\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL, \`document_id\` varchar(255) NULL, \`name\` varchar(255) NULL,
  \`created_at\` datetime NULL, \`updated_at\` datetime NULL, \`published_at\` datetime NULL,
  \`created_by_id\` integer NULL, \`updated_by_id\` integer NULL, \`locale\` varchar(255) NULL,${audit('categories')});
CREATE TABLE "restaurants" (\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL, \`document_id\` varchar(255) NULL, \`name\` varchar(255) NULL,
  \`stars\` integer NULL, \`open\` boolean NULL, \`price\` float NULL, \`description\` text NULL,
  \`created_at\` datetime NULL, \`updated_at\` datetime NULL, \`published_at\` datetime NULL,
  \`created_by_id\` integer NULL, \`updated_by_id\` integer NULL, \`locale\` varchar(255) NULL,${audit('restaurants')});
CREATE TABLE "restaurants_chef_lnk" (\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL, \`restaurant_id\` integer NULL, \`chef_id\` integer NULL,
  \`restaurant_ord\` float NULL,
  CONSTRAINT \`restaurants_chef_lnk_fk\` FOREIGN KEY (\`restaurant_id\`) REFERENCES \`restaurants\` (\`id\`) ON DELETE CASCADE,
  CONSTRAINT \`restaurants_chef_lnk_ifk\` FOREIGN KEY (\`chef_id\`) REFERENCES \`chefs\` (\`id\`) ON DELETE CASCADE);
CREATE TABLE "restaurants_categories_lnk" (\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL, \`restaurant_id\` integer NULL, \`category_id\` integer NULL,
  \`category_ord\` float NULL, \`restaurant_ord\` float NULL,
  CONSTRAINT \`restaurants_categories_lnk_fk\` FOREIGN KEY (\`restaurant_id\`) REFERENCES \`restaurants\` (\`id\`) ON DELETE CASCADE,
  CONSTRAINT \`restaurants_categories_lnk_ifk\` FOREIGN KEY (\`category_id\`) REFERENCES \`categories\` (\`id\`) ON DELETE CASCADE);
CREATE TABLE "restaurants_articles_lnk" (\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL, \`restaurant_id\` integer NULL, \`article_id\` integer NULL,
  \`article_ord\` float NULL, \`restaurant_ord\` float NULL,
  CONSTRAINT \`restaurants_articles_lnk_fk\` FOREIGN KEY (\`restaurant_id\`) REFERENCES \`restaurants\` (\`id\`) ON DELETE CASCADE,
  CONSTRAINT \`restaurants_articles_lnk_ifk\` FOREIGN KEY (\`article_id\`) REFERENCES \`articles\` (\`id\`) ON DELETE CASCADE);
`;

export const STRAPI_INDEXES = `${typeIndexes('chefs')}${typeIndexes('categories')}${typeIndexes('restaurants')}
CREATE INDEX \`restaurants_chef_lnk_fk\` on \`restaurants_chef_lnk\` (\`restaurant_id\`);
CREATE INDEX \`restaurants_chef_lnk_ifk\` on \`restaurants_chef_lnk\` (\`chef_id\`);
CREATE INDEX \`restaurants_chef_lnk_oifk\` on \`restaurants_chef_lnk\` (\`restaurant_ord\`);
CREATE UNIQUE INDEX \`restaurants_chef_lnk_uq\` on \`restaurants_chef_lnk\` (\`restaurant_id\`, \`chef_id\`);
CREATE INDEX \`restaurants_categories_lnk_fk\` on \`restaurants_categories_lnk\` (\`restaurant_id\`);
CREATE INDEX \`restaurants_categories_lnk_ifk\` on \`restaurants_categories_lnk\` (\`category_id\`);
CREATE INDEX \`restaurants_categories_lnk_ofk\` on \`restaurants_categories_lnk\` (\`category_ord\`);
CREATE INDEX \`restaurants_categories_lnk_oifk\` on \`restaurants_categories_lnk\` (\`restaurant_ord\`);
CREATE UNIQUE INDEX \`restaurants_categories_lnk_uq\` on \`restaurants_categories_lnk\` (\`restaurant_id\`, \`category_id\`);
CREATE INDEX \`restaurants_articles_lnk_fk\` on \`restaurants_articles_lnk\` (\`restaurant_id\`);
CREATE INDEX \`restaurants_articles_lnk_ifk\` on \`restaurants_articles_lnk\` (\`article_id\`);
CREATE INDEX \`restaurants_articles_lnk_ofk\` on \`restaurants_articles_lnk\` (\`article_ord\`);
CREATE INDEX \`restaurants_articles_lnk_oifk\` on \`restaurants_articles_lnk\` (\`restaurant_ord\`);
CREATE UNIQUE INDEX \`restaurants_articles_lnk_uq\` on \`restaurants_articles_lnk\` (\`restaurant_id\`, \`article_id\`);
`;
