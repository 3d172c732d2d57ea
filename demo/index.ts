/** The demo data: one source for the server's seed and the fake-api's fixtures. Plain data; imports only contract/. */
export * from './companies';
export * from './roles';
export * from './consent';
export * from './dsr';
export * from './registers';
export * from './quiz';
export * from './quizBank';
export * from './dpo';
export * from './cookie';
export * from './ropa';
export * from './breach';
export * from './sheets';
export * from './risk';
