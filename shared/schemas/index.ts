export * from './common';
export * from './booking';
export * from './filmer';
export * from './finance';
export * from './catalogue';
export * from './desk';
export * from './contract';
