package io.github.hessiantime.dubbo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The two protobuf messages of Triple's wrapper mode (a plain-interface method over Triple), written and read here so
 * that one class serves Dubbo 3.2 and 3.3, whose own classes for them have different names:
 * <pre>
 * TripleRequestWrapper  { string serializeType = 1; repeated bytes args = 2; repeated string argTypes = 3; }
 * TripleResponseWrapper { string serializeType = 1; bytes data = 2;         string type = 3; }
 * </pre>
 * Written field by field in Dubbo's order (1, every 2, every 3), so the bytes equal Dubbo's for the same content
 * ({@code TripleWrapperCodecTest} checks them against Dubbo's own classes). Every field is length-delimited (wire type
 * 2); a reader rejects anything else, and every length is checked against what is left before a byte is copied.
 */
final class TripleWrapperCodec {

    private static final int SERIALIZE_TYPE = 1;
    private static final int ARGS_OR_DATA = 2;
    private static final int ARG_TYPES_OR_TYPE = 3;
    private static final int LENGTH_DELIMITED = 2;

    private TripleWrapperCodec() {
    }

    /** A request wrapper: the serialization name, each argument in its own stream, the argument type names. */
    static final class Request {
        final String serializeType;
        final List<byte[]> args;
        final List<String> argTypes;

        Request(String serializeType, List<byte[]> args, List<String> argTypes) {
            this.serializeType = serializeType;
            this.args = args;
            this.argTypes = argTypes;
        }
    }

    /** A response wrapper: the serialization name, the value's bytes, the declared response type name. */
    static final class Response {
        final String serializeType;
        final byte[] data;
        final String type;

        Response(String serializeType, byte[] data, String type) {
            this.serializeType = serializeType;
            this.data = data;
            this.type = type;
        }
    }

    /** Bytes that are not a wrapper message: truncated, a field Dubbo never writes, a length past the end. */
    static final class MalformedWrapperException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedWrapperException(String message) {
            super(message);
        }
    }

    static byte[] request(String serializeType, List<byte[]> args, String[] argTypes) {
        int size = 64;
        for (byte[] arg : args) {
            size += arg.length + 6;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        writeField(out, SERIALIZE_TYPE, serializeType.getBytes(StandardCharsets.UTF_8));
        for (byte[] arg : args) {
            writeField(out, ARGS_OR_DATA, arg);
        }
        for (String type : argTypes) {
            writeField(out, ARG_TYPES_OR_TYPE, type.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    static byte[] response(String serializeType, byte[] data, String type) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length + 64);
        writeField(out, SERIALIZE_TYPE, serializeType.getBytes(StandardCharsets.UTF_8));
        writeField(out, ARGS_OR_DATA, data);
        writeField(out, ARG_TYPES_OR_TYPE, type.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** The serialization name of a request or response wrapper, without copying the rest; "" when it has none. */
    static String serializeType(byte[] message, String what) throws MalformedWrapperException {
        Reader reader = new Reader(message, what);
        while (reader.hasMore()) {
            int field = reader.fieldNumber();
            int length = reader.length();
            if (field == SERIALIZE_TYPE) {
                return reader.string(length);
            }
            reader.skip(length);
        }
        return "";
    }

    static Request parseRequest(byte[] message) throws MalformedWrapperException {
        String[] serializeType = {""};
        List<byte[]> args = new ArrayList<>();
        List<String> argTypes = new ArrayList<>();
        readFields(message, "Triple request wrapper", (field, reader, length) -> {
            if (field == SERIALIZE_TYPE) {
                serializeType[0] = reader.string(length);
            } else if (field == ARGS_OR_DATA) {
                args.add(reader.bytes(length));
            } else {
                argTypes.add(reader.string(length));
            }
        });
        return new Request(serializeType[0], args, argTypes);
    }

    static Response parseResponse(byte[] message) throws MalformedWrapperException {
        String[] serializeType = {""};
        byte[][] data = {new byte[0]};
        String[] type = {""};
        readFields(message, "Triple response wrapper", (field, reader, length) -> {
            if (field == SERIALIZE_TYPE) {
                serializeType[0] = reader.string(length);
            } else if (field == ARGS_OR_DATA) {
                data[0] = reader.bytes(length);
            } else {
                type[0] = reader.string(length);
            }
        });
        return new Response(serializeType[0], data[0], type[0]);
    }

    /** Receives each field of a message: its number (1 to 3) and its length, the reader positioned at its bytes. */
    private interface FieldReader {
        void field(int field, Reader reader, int length) throws MalformedWrapperException;
    }

    private static void readFields(byte[] message, String what, FieldReader fields) throws MalformedWrapperException {
        Reader reader = new Reader(message, what);
        while (reader.hasMore()) {
            int field = reader.fieldNumber();
            fields.field(field, reader, reader.length());
        }
    }

    private static void writeField(ByteArrayOutputStream out, int field, byte[] value) {
        writeVarint(out, (field << 3) | LENGTH_DELIMITED);
        writeVarint(out, value.length);
        out.write(value, 0, value.length);
    }

    private static void writeVarint(ByteArrayOutputStream out, int value) {
        // non-negative ints only (tags and lengths): 7 bits a byte, low bits first
        while ((value & ~0x7f) != 0) {
            out.write((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        out.write(value);
    }

    /** Reads length-delimited fields 1 to 3; anything else is malformed. */
    private static final class Reader {
        private final byte[] bytes;
        private final String what;
        private int position;

        Reader(byte[] bytes, String what) {
            this.bytes = bytes;
            this.what = what;
        }

        boolean hasMore() {
            return position < bytes.length;
        }

        int fieldNumber() throws MalformedWrapperException {
            int tag = varint();
            int field = tag >>> 3;
            if ((tag & 7) != LENGTH_DELIMITED || field < SERIALIZE_TYPE || field > ARG_TYPES_OR_TYPE) {
                throw new MalformedWrapperException(what + ": unexpected field " + field + " of wire type " + (tag & 7)
                        + " at byte " + position);
            }
            return field;
        }

        int length() throws MalformedWrapperException {
            int length = varint();
            if (length < 0 || length > bytes.length - position) {
                throw new MalformedWrapperException(what + ": a field of " + (length & 0xffffffffL)
                        + " bytes at byte " + position + ", where " + (bytes.length - position) + " are left");
            }
            return length;
        }

        String string(int length) {
            String value = new String(bytes, position, length, StandardCharsets.UTF_8);
            position += length;
            return value;
        }

        byte[] bytes(int length) {
            byte[] value = new byte[length];
            System.arraycopy(bytes, position, value, 0, length);
            position += length;
            return value;
        }

        void skip(int length) {
            position += length;
        }

        private int varint() throws MalformedWrapperException {
            int value = 0;
            for (int shift = 0; shift < 32; shift += 7) {
                if (position >= bytes.length) {
                    throw new MalformedWrapperException(what + ": truncated inside a varint at byte " + position);
                }
                int b = bytes[position++] & 0xff;
                value |= (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new MalformedWrapperException(what + ": a varint longer than 5 bytes at byte " + position);
        }
    }
}
