/** The id of the control that answers a field; its error's id adds `-error`. */
export const fieldInputId = (name: string) => `field-${name}`;
