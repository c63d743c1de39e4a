// An imported asset becomes its URL in the bundle; any string will do in tests.
export default 'test-file-stub';
