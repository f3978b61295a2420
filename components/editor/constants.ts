/** Spec 02 §9: the rich text editor is 300 high. Its own module so the lazy wrapper pulls in nothing else. */
export const EDITOR_HEIGHT = 300;
