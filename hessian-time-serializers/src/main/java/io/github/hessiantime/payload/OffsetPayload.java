package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.TimeDecodingException;

import java.time.ZoneOffset;

/**
 * A zone offset in one byte when it is a whole number of quarter hours (every offset in use today), else four.
 * <pre>
 *  q            signed byte -72..72: offset = q * 15 minutes
 *  0x80 s s s   escape, then signed 3-byte total seconds, -64800..64800 (historic offsets such as -04:56:02)
 * </pre>
 */
final class OffsetPayload {
    public static final int MAX_LENGTH = 4;
    private static final int ESCAPE = 0x80;
    private static final int QUARTER_HOUR = 900;
    private static final int MAX_SECONDS = 18 * 3600;

    private OffsetPayload() {
    }

    public static int write(byte[] buffer, int position, ZoneOffset offset) {
        int seconds = offset.getTotalSeconds();
        if (seconds % QUARTER_HOUR == 0) {
            buffer[position] = (byte) (seconds / QUARTER_HOUR);
            return position + 1;
        }
        buffer[position] = (byte) ESCAPE;
        return PayloadWriter.put(buffer, position + 1, seconds, 3);
    }

    public static ZoneOffset read(PayloadReader in) throws TimeDecodingException {
        int first = in.u8();
        int seconds;
        if (first == ESCAPE) {
            seconds = (int) in.signed(3);
        } else {
            seconds = (byte) first * QUARTER_HOUR;
        }
        if (seconds < -MAX_SECONDS || seconds > MAX_SECONDS) {
            throw in.error(Problem.OUT_OF_RANGE, "offset of " + seconds + " seconds is outside -18:00..+18:00");
        }
        return ZoneOffset.ofTotalSeconds(seconds);
    }
}
