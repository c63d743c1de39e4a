export * from './sessionSlice';
