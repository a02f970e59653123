package io.github.hessiantime.testsupport;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads one direction of a Triple connection (HTTP/2 over cleartext, as Dubbo's Triple speaks it) as it passes
 * through {@link DubboFrameTap}, and reports each complete gRPC message of each stream with the serialization name
 * its wrapper carries: Triple's wrapper mode (a plain Java interface) sends every request as a protobuf
 * {@code TripleRequestWrapper} and every response as a {@code TripleResponseWrapper}, both with the name in field 1
 * ({@code string serializeType = 1}). Bytes are fed in as they arrive, in chunks of any size.
 *
 * <p>HTTP/2: the client's 24-byte connection preface, then frames of a 9-byte header (length 3, type 1, flags 1,
 * stream id 4); DATA frames (type 0, padding honoured) carry each stream's bytes, which are gRPC messages of a
 * 5-byte prefix (compressed flag 1, length 4) and the message. Headers (HPACK) are not needed and not read.
 */
final class TripleMessageReader {

    /** What is reported for a message whose name cannot be read (compressed, or not a wrapper message). */
    static final String UNREADABLE = "?";

    /** Receives each complete message: its stream, the serialization name in its wrapper, its size. */
    interface Listener {
        void message(long streamId, String serializeType, int bytes);
    }

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
    private static final int FRAME_HEADER = 9;
    private static final int DATA = 0;
    private static final int END_STREAM = 0x1;
    private static final int PADDED = 0x8;
    private static final int GRPC_PREFIX = 5;
    // HTTP/2's largest frame (2^24 - 1) bounds what is buffered for a frame; a gRPC message is bounded below
    private static final int MAX_MESSAGE = 64 * 1024 * 1024;

    private final Listener listener;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private final Map<Long, ByteArrayOutputStream> streams = new HashMap<Long, ByteArrayOutputStream>();
    private boolean prefaceChecked;
    private boolean broken;

    TripleMessageReader(Listener listener) {
        this.listener = listener;
    }

    /** Whether the bytes stopped making sense as HTTP/2 (then nothing more is reported). */
    boolean broken() {
        return broken;
    }

    void feed(byte[] chunk, int length) {
        if (broken) {
            return;
        }
        pending.write(chunk, 0, length);
        byte[] bytes = pending.toByteArray();
        int position = 0;
        if (!prefaceChecked) {
            if (bytes.length < PREFACE.length && startsWithPreface(bytes, bytes.length)) {
                return;
            }
            prefaceChecked = true;
            if (startsWithPreface(bytes, PREFACE.length)) {
                position = PREFACE.length;
            }
        }
        while (bytes.length - position >= FRAME_HEADER) {
            int frameLength = ((bytes[position] & 0xff) << 16) | ((bytes[position + 1] & 0xff) << 8)
                    | (bytes[position + 2] & 0xff);
            if (bytes.length - position - FRAME_HEADER < frameLength) {
                break;
            }
            int type = bytes[position + 3] & 0xff;
            int flags = bytes[position + 4] & 0xff;
            long streamId = ((bytes[position + 5] & 0x7fL) << 24) | ((bytes[position + 6] & 0xffL) << 16)
                    | ((bytes[position + 7] & 0xffL) << 8) | (bytes[position + 8] & 0xffL);
            if (type == DATA) {
                data(streamId, bytes, position + FRAME_HEADER, frameLength, flags);
            }
            position += FRAME_HEADER + frameLength;
        }
        pending.reset();
        pending.write(bytes, position, bytes.length - position);
    }

    private static boolean startsWithPreface(byte[] bytes, int length) {
        if (bytes.length < length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (bytes[i] != PREFACE[i]) {
                return false;
            }
        }
        return true;
    }

    private void data(long streamId, byte[] bytes, int offset, int length, int flags) {
        int start = offset;
        int end = offset + length;
        if ((flags & PADDED) != 0) {
            if (length == 0 || (bytes[offset] & 0xff) >= length) {
                broken = true;
                return;
            }
            end -= bytes[offset] & 0xff;
            start++;
        }
        ByteArrayOutputStream stream = streams.get(streamId);
        if (stream == null) {
            stream = new ByteArrayOutputStream();
            streams.put(streamId, stream);
        }
        stream.write(bytes, start, end - start);
        byte[] buffered = stream.toByteArray();
        int position = 0;
        while (buffered.length - position >= GRPC_PREFIX) {
            boolean compressed = buffered[position] != 0;
            long messageLength = ((buffered[position + 1] & 0xffL) << 24) | ((buffered[position + 2] & 0xffL) << 16)
                    | ((buffered[position + 3] & 0xffL) << 8) | (buffered[position + 4] & 0xffL);
            if (messageLength > MAX_MESSAGE) {
                broken = true;
                return;
            }
            if (buffered.length - position - GRPC_PREFIX < messageLength) {
                break;
            }
            int messageStart = position + GRPC_PREFIX;
            String name = compressed ? UNREADABLE : serializeType(buffered, messageStart, (int) messageLength);
            listener.message(streamId, name, (int) messageLength);
            position = messageStart + (int) messageLength;
        }
        stream.reset();
        stream.write(buffered, position, buffered.length - position);
        if ((flags & END_STREAM) != 0 && stream.size() == 0) {
            streams.remove(streamId);
        }
    }

    /** Field 1 of a wrapper message, as a string; {@link #UNREADABLE} if the message is not a wrapper message. */
    static String serializeType(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int position = offset;
        while (position < end) {
            long[] tag = varint(bytes, position, end);
            if (tag == null || (tag[0] & 7) != 2) {
                return UNREADABLE;
            }
            long[] size = varint(bytes, (int) tag[1], end);
            if (size == null || size[0] > end - size[1]) {
                return UNREADABLE;
            }
            if (tag[0] >>> 3 == 1) {
                return new String(bytes, (int) size[1], (int) size[0], StandardCharsets.UTF_8);
            }
            position = (int) (size[1] + size[0]);
        }
        return UNREADABLE;
    }

    /** A varint at {@code position}: its value and the position after it, or null if it runs past {@code end}. */
    private static long[] varint(byte[] bytes, int position, int end) {
        long value = 0;
        for (int shift = 0; shift < 35 && position < end; shift += 7) {
            int b = bytes[position++] & 0xff;
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return new long[] {value, position};
            }
        }
        return null;
    }
}
