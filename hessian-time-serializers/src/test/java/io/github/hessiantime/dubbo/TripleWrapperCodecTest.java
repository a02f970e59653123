package io.github.hessiantime.dubbo;

import org.apache.dubbo.rpc.protocol.tri.TripleCustomerProtocolWrapper.TripleRequestWrapper;
import org.apache.dubbo.rpc.protocol.tri.TripleCustomerProtocolWrapper.TripleResponseWrapper;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Our writer and reader of Triple's wrapper messages against Dubbo 3.3.6's own classes for them: the same bytes for
 * the same content both ways (Dubbo 3.2 writes the same fields in the same order under another class name, read by
 * the 3.2 peers of the interop tests), and a clear error for bytes that are no wrapper message.
 */
class TripleWrapperCodecTest {

    private static final byte[] LONG_ARGUMENT = new byte[300]; // a two-byte length

    @Test
    void requestsAreByteForByteDubbosAndDubbosAreReadBack() throws Exception {
        List<byte[]> args = List.of(new byte[] {1, 2, 3}, LONG_ARGUMENT, new byte[0]);
        String[] types = {"int", "io.github.hessiantime.testsupport.TimeBag", "java.time.Instant"};
        TripleRequestWrapper.Builder dubbos = TripleRequestWrapper.Builder.newBuilder().setSerializeType("hessian2-time");
        args.forEach(dubbos::addArgs);
        Arrays.stream(types).forEach(dubbos::addArgTypes);
        byte[] expected = dubbos.build().toByteArray();

        assertArrayEquals(expected, TripleWrapperCodec.request("hessian2-time", args, types));
        TripleWrapperCodec.Request read = TripleWrapperCodec.parseRequest(expected);
        assertEquals("hessian2-time", read.serializeType);
        assertEquals(3, read.args.size());
        for (int i = 0; i < args.size(); i++) {
            assertArrayEquals(args.get(i), read.args.get(i));
        }
        assertEquals(Arrays.asList(types), read.argTypes);
        assertEquals("hessian2-time", TripleWrapperCodec.serializeType(expected, "request"));

        byte[] noArguments = TripleRequestWrapper.Builder.newBuilder().setSerializeType("hessian4").build().toByteArray();
        assertArrayEquals(noArguments, TripleWrapperCodec.request("hessian4", List.of(), new String[0]));
    }

    @Test
    void responsesAreByteForByteDubbosAndDubbosAreReadBack() throws Exception {
        byte[] expected = TripleResponseWrapper.Builder.newBuilder().setSerializeType("hessian4").setData(LONG_ARGUMENT)
                .setType("io.github.hessiantime.testsupport.TimeBag").build().toByteArray();
        assertArrayEquals(expected, TripleWrapperCodec.response("hessian4", LONG_ARGUMENT,
                "io.github.hessiantime.testsupport.TimeBag"));
        TripleWrapperCodec.Response read = TripleWrapperCodec.parseResponse(expected);
        assertEquals("hessian4", read.serializeType);
        assertArrayEquals(LONG_ARGUMENT, read.data);
        assertEquals("io.github.hessiantime.testsupport.TimeBag", read.type);

        byte[] ours = TripleWrapperCodec.response("hessian2-time", new byte[] {9}, "void");
        TripleResponseWrapper dubbosRead = TripleResponseWrapper.parseFrom(ours);
        assertEquals("hessian2-time", dubbosRead.getSerializeType());
        assertArrayEquals(new byte[] {9}, dubbosRead.getData());
        assertEquals("void", dubbosRead.getType());
    }

    @Test
    void bytesThatAreNoWrapperMessageAreAClearError() {
        byte[] request = TripleWrapperCodec.request("hessian2-time", List.of(LONG_ARGUMENT), new String[] {"int"});
        // cut anywhere but between two fields (after the 15 bytes of the name, after the 318 of the argument)
        for (int cut = 1; cut < request.length; cut += 7) {
            if (cut == 15 || cut == 318) {
                continue;
            }
            byte[] truncated = Arrays.copyOf(request, cut);
            Exception e = assertThrows(TripleWrapperCodec.MalformedWrapperException.class,
                    () -> TripleWrapperCodec.parseRequest(truncated), "cut at " + cut);
            assertTrue(e.getMessage().startsWith("Triple request wrapper: "), e.getMessage());
        }
        // a varint field (wire type 0), a field number Dubbo never writes, a length of 2^31 - 1 with 3 bytes left
        for (byte[] bad : new byte[][] {{0x08, 1}, {0x22, 1, 0}, {0x0a, (byte) 0xff, (byte) 0xff, (byte) 0xff,
                (byte) 0xff, 0x07, 1, 2, 3}, {0x0a, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80}}) {
            Exception e = assertThrows(TripleWrapperCodec.MalformedWrapperException.class,
                    () -> TripleWrapperCodec.parseResponse(bad), Arrays.toString(bad));
            assertTrue(e.getMessage().startsWith("Triple response wrapper: "), e.getMessage());
        }
        assertEquals("", assertDoesNotThrowName(new byte[0]), "no field 1: no name");
    }

    private static String assertDoesNotThrowName(byte[] message) {
        try {
            return TripleWrapperCodec.serializeType(message, "response");
        } catch (TripleWrapperCodec.MalformedWrapperException e) {
            throw new AssertionError(e);
        }
    }
}
