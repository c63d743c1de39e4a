/**
 * The state, data and routing libraries of the app, evaluated by the boot script in a
 * step of their own (src/boot.ts; see src/app/uiLibraries.ts).
 */
export { configureStore, createSlice } from '@reduxjs/toolkit';
export { createApi } from '@reduxjs/toolkit/query/react';
export { Provider } from 'react-redux';
export { default as createSagaMiddleware } from 'redux-saga';
export { persistReducer, persistStore } from 'redux-persist';
export { createBrowserRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
export { default as ky } from 'ky';
