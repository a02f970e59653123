package io.github.hessiantime.payload;

/** Big-endian field writers for compact payloads; each returns the position after what it wrote. */
final class PayloadWriter {
    private PayloadWriter() {
    }

    /** Writes the low {@code n} bytes of {@code value}, most significant first. */
    public static int put(byte[] buffer, int position, long value, int n) {
        for (int i = n - 1; i >= 0; i--) {
            buffer[position + i] = (byte) value;
            value >>= 8;
        }
        return position + n;
    }

    /** The fewest bytes, 1 to 8, that hold {@code value} as a two's complement integer. */
    public static int signedLength(long value) {
        // Bits needed beyond the sign: for negative values count the leading ones instead of zeros.
        long magnitude = value < 0 ? ~value : value;
        int bits = 64 - Long.numberOfLeadingZeros(magnitude) + 1;
        return (bits + 7) / 8;
    }

    /** Writes {@code value} in {@link #signedLength} bytes. */
    public static int putMinimalSigned(byte[] buffer, int position, long value) {
        return put(buffer, position, value, signedLength(value));
    }
}
