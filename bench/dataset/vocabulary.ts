/**
 * Word lists the generator draws from. Accented words are deliberate: they make `$containsi`
 * and code-point ordering do real work. No word contains a character whose lower case is ASCII
 * while it is not (Kelvin sign, dotted capital I): with an ASCII needle, SQLite's ASCII-only
 * lower() and a full Unicode fold then select exactly the same rows.
 */

export const NAME_ARTICLES = ['', '', '', 'Le', 'La', 'The', 'Chez', 'El', 'Il', 'Da'] as const;

export const NAME_ADJECTIVES = [
  'Petit', 'Golden', 'Blue', 'Vieux', 'Rouge', 'Green', 'Royal', 'Little', 'Grand', 'Dolce',
  'Silver', 'Lucky', 'Old', 'Happy', 'Wild', 'Crème', 'Belle', 'Bonne', 'Jolie', 'Verde',
  'Bella', 'Sunny', 'Spicy', 'Smoky', 'Rustic', 'Côte', 'Étoile', 'Señor', 'Bäcker', 'Noble',
] as const;

/** Drawn uniformly, so a noun that occurs nowhere else (e.g. "Brasserie") marks ~1/36 of names. */
export const NAME_NOUNS = [
  'Café', 'Bistro', 'Brasserie', 'Trattoria', 'Kitchen', 'Dragon', 'Garden', 'Table', 'Maison',
  'Crêperie', 'Taverna', 'Osteria', 'Cantina', 'Izakaya', 'Diner', 'Grill', 'Noodle House',
  'Pâtisserie', 'Boulangerie', 'Smokehouse', 'Tandoor', 'Wok', 'Ramen Bar', 'Oyster Bar',
  'Steakhouse', 'Pizzeria', 'Bodega', 'Fonda', 'Rôtisserie', 'Auberge', 'Sushi Bar', 'Tapas Bar',
  'Teahouse', 'Bakery', 'Chophouse', 'Creamery',
] as const;

export const CHEF_FIRST_NAMES = [
  'Amélie', 'José', 'Zoë', 'François', 'Søren', 'Chloé', 'Hélène', 'Jürgen', 'Björn', 'Inés',
  'Noël', 'Raphaël', 'Marco', 'Yuki', 'Aiko', 'Priya', 'Arjun', 'Mei', 'Wei', 'Fatima', 'Omar',
  'Lucía', 'Mateo', 'Sofía', 'Elena', 'Nikos', 'Ayşe', 'Emre', 'Kwame', 'Amara', 'Liam', 'Emma',
  'Olivia', 'Hugo', 'Léa', 'Anders', 'Ingrid', 'Tomás', 'Dalia', 'Ravi',
] as const;

export const CHEF_LAST_NAMES = [
  'Dubois', 'Müller', 'García', 'Núñez', 'Rossi', 'Tanaka', 'Sato', 'Kim', 'Nguyen', 'Patel',
  'Sharma', 'Chen', 'Wang', 'Haddad', 'Benali', 'Papadopoulos', 'Yılmaz', 'Öztürk', 'Mensah',
  'Okafor', 'Smith', 'Johnson', 'Lefèvre', 'Moreau', 'Fournier', 'Schröder', 'Hansen', 'Lindqvist',
  'Ferreira', 'Gonçalves', 'Kowalski', 'Nowak', 'Horváth', 'Novák', "O'Brien", 'Murphy', 'Silva',
  'Costa', 'Romano', 'Bianchi',
] as const;

export const COUNTRIES = [
  'France', 'Italy', 'Japan', 'Spain', 'Mexico', 'Thailand', 'India', 'China', 'Peru', 'Greece',
  'Turkey', 'Lebanon', 'Morocco', 'Vietnam', 'South Korea', 'United States', 'Brazil', 'Argentina',
  'Germany', 'Belgium', 'Portugal', 'Denmark', 'Sweden', 'Norway', 'Switzerland', 'Austria',
  'Ireland', 'United Kingdom', 'Canada', 'Australia', 'Ethiopia', 'Nigeria', 'Senegal', 'Indonesia',
  'Malaysia', 'Philippines', 'Israel', 'Georgia', 'Poland', 'Hungary', "Côte d'Ivoire", 'Česko',
] as const;

export const CUISINES = [
  'Italian', 'French', 'Japanese', 'Sushi', 'Ramen', 'Tapas', 'Mexican', 'Thai', 'Indian',
  'Chinese', 'Dim Sum', 'Korean', 'BBQ', 'Vegan', 'Vegetarian', 'Seafood', 'Steak', 'Pizza',
  'Burgers', 'Brunch', 'Bakery', 'Pâtisserie', 'Crêpes', 'Fondue', 'Raclette', 'Bánh Mì', 'Phở',
  'Mezze', 'Falafel', 'Kebab', 'Tacos', 'Ceviche', 'Poké', 'Curry', 'Noodles', 'Dumplings',
  'Gelato', 'Café', 'Wine Bar', 'Cocktails', 'Tea', 'Street Food', 'Fusion', 'Fine Dining',
  'Bistro', 'Gastropub', 'Smørrebrød', 'Paella', 'Couscous', 'Tagine',
] as const;

export const DESCRIPTION_OPENERS = [
  'Cozy spot serving', 'Family-run place known for', 'Lively room with', 'Tiny counter famous for',
  'Elegant dining room offering', 'Neighbourhood favourite for', 'Bustling hall serving',
  'Quiet terrace with', 'Late-night joint for', 'Seasonal menu built around',
] as const;

export const DESCRIPTION_DISHES = [
  'hand-made pasta', 'grilled octopus', 'crème brûlée', 'slow-cooked ragù', 'crispy dumplings',
  'wood-fired pizza', 'smoked brisket', 'fresh ceviche', 'spicy curries', 'jamón ibérico',
  'flaky croissants', 'bouillabaisse', 'hand-pulled noodles', 'charcoal skewers', 'mole poblano',
  'pho with brisket', 'oysters on ice', 'tarte tatin', 'kimchi stew', 'piri-piri chicken',
] as const;

export const DESCRIPTION_CLOSERS = [
  'and a short wine list', 'and friendly service', 'with a sunny terrace', 'open until midnight',
  'with natural wines', 'and great desserts', 'near the old market', 'with a view of the river',
  'and house-made bread', 'best booked ahead',
] as const;
