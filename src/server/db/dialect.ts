/** Which database engine a connection speaks (its own module so migrations need nothing else of the app). */
export type Dialect = 'sqlite' | 'postgres';
