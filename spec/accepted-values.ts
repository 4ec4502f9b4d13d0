// Values every conforming target must accept where the specification names a format
// but not its whole set of values (CONTRACT 3). Positive checks send only these; a
// target may refuse anything beyond them with a clear 4xx.

/**
 * File `permissions`, "string in octal mode notation" (section 2.6): three octal
 * digits, or four with a leading 0. Modes with the setuid, setgid or sticky bits
 * (`4755`, `1777`) are octal mode notation too, but a target may refuse them.
 */
export const ACCEPTED_PERMISSIONS = /^0?[0-7]{3}$/;

/** Octal mode notation under any reading: what is not this is a bad permissions value. */
export const OCTAL_MODE_NOTATION = /^[0-7]{3,4}$/;
