// The floor app's own hook, which does nothing: without it Next would run the product's (from the
// root of the repository) when the floor starts.
export function register() {}
