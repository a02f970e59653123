package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** Region zone ids as ASCII bytes, checked before they reach {@link ZoneId#of}. */
public final class ZoneIds {
    /** The longest id accepted. The longest tzdb id has 32 characters; anything near 255 is an attack or garbage. */
    public static final int MAX_LENGTH = 255;

    private ZoneIds() {
    }

    /** Returns the region id's ASCII bytes, or throws if a writer is asked for an id the format cannot carry. */
    public static byte[] encode(ZoneId zone) {
        byte[] id = zone.getId().getBytes(StandardCharsets.US_ASCII);
        if (id.length > MAX_LENGTH) {
            throw new IllegalArgumentException("zone id longer than " + MAX_LENGTH + " characters: " + zone.getId());
        }
        return id;
    }

    /** Parses a region id: the syntax {@link ZoneId#of} accepts for regions, then the JVM's zone rules. */
    public static ZoneId decodeRegion(PayloadReader in, Class<?> type, int length) throws TimeDecodingException {
        if (length < 2) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "a region id needs at least 2 characters");
        }
        byte[] raw = in.bytes(length);
        for (int i = 0; i < raw.length; i++) {
            if (!isRegionChar(raw[i], i == 0)) {
                throw new TimeDecodingException(type, Problem.INVALID_ZONE, "byte 0x"
                        + Integer.toHexString(raw[i] & 0xff) + " at index " + i + " is not allowed in a region id");
            }
        }
        String id = new String(raw, StandardCharsets.US_ASCII);
        ZoneId zone;
        try {
            zone = ZoneId.of(id);
        } catch (DateTimeException e) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "'" + id + "': " + e.getMessage(), e);
        }
        if (zone instanceof ZoneOffset) {
            // Writers put offsets in their own slot; an offset here means the bytes were not written by this format.
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "'" + id + "' is an offset, not a region");
        }
        return zone;
    }

    private static boolean isRegionChar(byte b, boolean first) {
        char c = (char) b;
        boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (first) {
            return letter;
        }
        return letter || (c >= '0' && c <= '9') || c == '~' || c == '/' || c == '.' || c == '_' || c == '+'
                || c == '-' || c == ':';
    }
}
