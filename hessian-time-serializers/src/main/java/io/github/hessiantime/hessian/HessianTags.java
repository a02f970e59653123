package io.github.hessiantime.hessian;

/** Names Hessian 2 type codes in error messages. Internal: not part of hessian-time's public API. */
public final class HessianTags {
    private HessianTags() {
    }

    public static String describe(int tag) {
        String kind;
        if (tag < 0) {
            kind = "end of stream";
        } else if (tag == 'N') {
            kind = "null";
        } else if (tag == 'T' || tag == 'F') {
            kind = "a boolean";
        } else if (tag == 'I' || (tag >= 0x80 && tag <= 0xd7)) {
            kind = "an int";
        } else if (tag == 'L' || tag == 0x59 || (tag >= 0xd8 && tag <= 0xff) || (tag >= 0x38 && tag <= 0x3f)) {
            kind = "a long";
        } else if (tag == 'D' || (tag >= 0x5b && tag <= 0x5f)) {
            kind = "a double";
        } else if (tag == 0x4a || tag == 0x4b) {
            kind = "a date";
        } else if (tag == 'S' || tag == 'R' || tag <= 0x1f || (tag >= 0x30 && tag <= 0x33)) {
            kind = "a string";
        } else if (tag == 'H' || tag == 'M') {
            kind = "a map";
        } else if (tag == 'C' || tag == 'O' || (tag >= 0x60 && tag <= 0x6f)) {
            kind = "an object";
        } else if (tag == 'Q') {
            kind = "a reference";
        } else if ((tag >= 0x55 && tag <= 0x58) || (tag >= 0x70 && tag <= 0x7f)) {
            kind = "a list";
        } else {
            kind = "type code";
        }
        return tag < 0 ? kind : kind + " (0x" + Integer.toHexString(tag) + ")";
    }
}
