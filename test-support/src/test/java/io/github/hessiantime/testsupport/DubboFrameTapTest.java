package io.github.hessiantime.testsupport;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The tap with hand-made dubbo frames and a fake provider that answers each request with a chosen format. */
class DubboFrameTapTest {

    private static final long TIMEOUT = 10_000;

    static byte[] frame(int flag, long requestId, byte[] body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(DubboFrameTap.MAGIC);
        out.writeByte(flag);
        out.writeByte(20); // status OK (responses); ignored in requests
        out.writeLong(requestId);
        out.writeInt(body.length);
        out.write(body);
        return bytes.toByteArray();
    }

    /** Echoes every frame back as a response; the response's serialization id is {@code answerId}, or the request's. */
    private static ServerSocket fakeProvider(int answerId) throws IOException {
        ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread thread = new Thread(() -> {
            try (Socket socket = server.accept(); DataInputStream in = new DataInputStream(socket.getInputStream())) {
                OutputStream out = socket.getOutputStream();
                byte[] header = new byte[16];
                while (true) {
                    in.readFully(header);
                    byte[] body = new byte[(int) DubboFrameTap.unsigned(header, 12, 4)];
                    in.readFully(body);
                    int flag = header[2] & 0xff;
                    int id = answerId >= 0 ? answerId : flag & DubboFrameTap.SERIALIZATION_ID_MASK;
                    int responseFlag = (flag & DubboFrameTap.FLAG_EVENT) | id;
                    out.write(frame(responseFlag, DubboFrameTap.unsigned(header, 4, 8), body));
                    out.flush();
                }
            } catch (IOException closed) {
                // test over
            }
        });
        thread.setDaemon(true);
        thread.start();
        return server;
    }

    private static ServerSocket drainingProvider() throws IOException {
        ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread thread = new Thread(() -> {
            try (Socket socket = server.accept()) {
                socket.getInputStream().transferTo(OutputStream.nullOutputStream());
            } catch (IOException closed) {
                // test over
            }
        });
        thread.setDaemon(true);
        thread.start();
        return server;
    }

    private static byte[] readFrame(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        byte[] header = new byte[16];
        data.readFully(header);
        byte[] body = new byte[(int) DubboFrameTap.unsigned(header, 12, 4)];
        data.readFully(body);
        byte[] all = Arrays.copyOf(header, 16 + body.length);
        System.arraycopy(body, 0, all, 16, body.length);
        return all;
    }

    @Test
    void countsFramesAndBytesPerSerializationIdInEachDirectionAndRelaysThemUnchanged() throws Exception {
        try (ServerSocket provider = fakeProvider(-1);
             DubboFrameTap tap = DubboFrameTap.inFrontOf("test", provider.getLocalPort());
             Socket consumer = new Socket(InetAddress.getLoopbackAddress(), tap.port())) {
            OutputStream out = consumer.getOutputStream();
            byte[] request26 = frame(DubboFrameTap.FLAG_REQUEST | DubboFrameTap.FLAG_TWO_WAY | 26, 1, new byte[100]);
            byte[] request2 = frame(DubboFrameTap.FLAG_REQUEST | DubboFrameTap.FLAG_TWO_WAY | 2, 2, new byte[70_000]);
            byte[] heartbeat = frame(DubboFrameTap.FLAG_REQUEST | DubboFrameTap.FLAG_EVENT | 2, 3, new byte[1]);
            for (byte[] frame : Arrays.asList(request26, request2, heartbeat, request26)) {
                out.write(frame);
            }
            out.flush();
            InputStream in = consumer.getInputStream();
            byte[] answer = readFrame(in);
            assertEquals(26, answer[2] & 0x1f);
            assertArrayEquals(Arrays.copyOfRange(request26, 4, request26.length),
                    Arrays.copyOfRange(answer, 4, answer.length), "relayed byte for byte");
            assertEquals(70_016, readFrame(in).length);
            readFrame(in); // the heartbeat's answer
            readFrame(in);

            FrameCounts counts = tap.awaitCounts(c -> c.responseFrames().values().stream()
                    .mapToLong(Long::longValue).sum() == 3, TIMEOUT, "three responses");
            assertEquals(Map.of(2, 1L, 26, 2L), counts.requestFrames(), "the heartbeat is no call");
            assertEquals(Map.of(2, 70_016L, 26, 232L), counts.requestBytes());
            assertEquals(Map.of(2, 1L, 26, 2L), counts.responseFrames());
            assertEquals(Map.of(2, 70_016L, 26, 232L), counts.responseBytes());
            assertEquals(3, counts.totalRequests());
            assertEquals(0, counts.responsesInAnotherFormat());
            assertEquals(-1, counts.onlySerializationId(), "two formats");
            assertEquals(Map.of(), counts.minus(counts).requestFrames());
        }
    }

    @Test
    void responsesInAnotherFormatThanTheirRequestAreCounted() throws Exception {
        try (ServerSocket provider = fakeProvider(2);
             DubboFrameTap tap = DubboFrameTap.inFrontOf("test", provider.getLocalPort());
             Socket consumer = new Socket(InetAddress.getLoopbackAddress(), tap.port())) {
            FrameCounts before = tap.counts();
            consumer.getOutputStream().write(frame(DubboFrameTap.FLAG_REQUEST | 26, 7, new byte[3]));
            readFrame(consumer.getInputStream());
            FrameCounts seen = tap.awaitCounts(c -> c.responsesInAnotherFormat() == 1, TIMEOUT, "the mismatch")
                    .minus(before);
            assertEquals(Map.of(26, 1L), seen.requestFrames());
            assertEquals(Map.of(2, 1L), seen.responseFrames());
            assertEquals(-1, seen.onlySerializationId());
        }
    }

    @Test
    void oneFormatBothWaysIsReportedAsTheOnlyId() throws Exception {
        try (ServerSocket provider = fakeProvider(-1);
             DubboFrameTap tap = DubboFrameTap.inFrontOf("test", provider.getLocalPort());
             Socket consumer = new Socket(InetAddress.getLoopbackAddress(), tap.port())) {
            consumer.getOutputStream().write(frame(DubboFrameTap.FLAG_REQUEST | 26, 1, new byte[5]));
            readFrame(consumer.getInputStream());
            assertEquals(26, tap.awaitCounts(c -> c.responseFrames().size() == 1, TIMEOUT, "the answer")
                    .onlySerializationId());
        }
    }

    /** An HTTP/2 frame: length, type, flags, stream id, payload. */
    private static byte[] h2Frame(int type, int flags, int streamId, byte[] payload) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(payload.length >>> 16);
        bytes.write(payload.length >>> 8);
        bytes.write(payload.length);
        bytes.write(type);
        bytes.write(flags);
        new DataOutputStream(bytes).writeInt(streamId);
        bytes.write(payload);
        return bytes.toByteArray();
    }

    /** A gRPC message (uncompressed) holding a wrapper whose field 1 is {@code serializeType} and field 2 data. */
    private static byte[] grpcWrapper(String serializeType, int dataBytes) throws IOException {
        ByteArrayOutputStream wrapper = new ByteArrayOutputStream();
        byte[] name = serializeType.getBytes(StandardCharsets.UTF_8);
        wrapper.write(0x0a); // field 1, length-delimited
        wrapper.write(name.length);
        wrapper.write(name);
        wrapper.write(0x12); // field 2, length-delimited, length as a two-byte varint
        wrapper.write(0x80 | (dataBytes & 0x7f));
        wrapper.write(dataBytes >>> 7);
        wrapper.write(new byte[dataBytes]);
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        message.write(0);
        new DataOutputStream(message).writeInt(wrapper.size());
        wrapper.writeTo(message);
        return message.toByteArray();
    }

    @Test
    void tripleStreamsAreReadForTheSerializationNameOfEveryMessage() throws Exception {
        try (ServerSocket provider = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             DubboFrameTap tap = DubboFrameTap.inFrontOf("test", provider.getLocalPort());
             Socket consumer = new Socket(InetAddress.getLoopbackAddress(), tap.port());
             Socket accepted = provider.accept()) {
            ByteArrayOutputStream requests = new ByteArrayOutputStream();
            requests.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            requests.write(h2Frame(4, 0, 0, new byte[0])); // SETTINGS
            requests.write(h2Frame(1, 4, 1, new byte[] {(byte) 0x83, (byte) 0x86})); // HEADERS, never read
            byte[] first = grpcWrapper("hessian2-time", 300);
            // stream 1's message in two DATA frames, the second ending the stream
            requests.write(h2Frame(0, 0, 1, Arrays.copyOfRange(first, 0, 7)));
            requests.write(h2Frame(0, 1, 1, Arrays.copyOfRange(first, 7, first.length)));
            // stream 3's message in one padded DATA frame: pad length 4, the message, 4 bytes of padding
            byte[] second = grpcWrapper("hessian4", 10);
            ByteArrayOutputStream padded = new ByteArrayOutputStream();
            padded.write(4);
            padded.write(second);
            padded.write(new byte[4]);
            requests.write(h2Frame(0, 0x8 | 1, 3, padded.toByteArray()));
            byte[] sent = requests.toByteArray();
            OutputStream out = consumer.getOutputStream();
            // written in uneven pieces, the preface split too
            for (int at = 0; at < sent.length; at += 13) {
                out.write(sent, at, Math.min(13, sent.length - at));
                out.flush();
            }
            assertArrayEquals(sent, accepted.getInputStream().readNBytes(sent.length), "relayed byte for byte");

            ByteArrayOutputStream responses = new ByteArrayOutputStream();
            responses.write(h2Frame(4, 0, 0, new byte[0]));
            responses.write(h2Frame(0, 0, 1, grpcWrapper("hessian2-time", 20)));
            responses.write(h2Frame(0, 0, 3, grpcWrapper("fastjson2", 20))); // not its request's format
            accepted.getOutputStream().write(responses.toByteArray());
            accepted.getOutputStream().flush();
            consumer.getInputStream().readNBytes(responses.size());

            FrameCounts counts = tap.awaitCounts(c -> c.tripleResponses().values().stream()
                    .mapToLong(Long::longValue).sum() == 2, TIMEOUT, "two Triple responses");
            assertEquals(Map.of("hessian2-time", 1L, "hessian4", 1L), counts.tripleRequests());
            assertEquals(Map.of("hessian2-time", (long) first.length - 5, "hessian4", (long) second.length - 5),
                    counts.tripleRequestBytes());
            assertEquals(Map.of("hessian2-time", 1L, "fastjson2", 1L), counts.tripleResponses());
            assertEquals(1, counts.tripleResponsesInAnotherFormat());
            assertEquals(2, counts.totalTripleRequests());
            assertEquals(null, counts.onlyTripleSerialization());
            assertEquals(2, counts.nonDubboStreams(), "both directions of the connection");
            assertEquals(0, counts.totalRequests(), "no dubbo frames");
            assertEquals(Map.of(), counts.minus(counts).tripleRequests());
        }
    }

    @Test
    void theNameReaderSkipsOtherFieldsAndTellsWhatIsNoWrapper() {
        TripleMessageReader.Listener ignored = (stream, name, bytes) -> { };
        assertEquals("hessian4", TripleMessageReader.serializeType(new byte[] {0x12, 1, 9, 0x0a, 8, 'h', 'e', 's', 's',
                'i', 'a', 'n', '4'}, 0, 13), "field 1 after field 2");
        assertEquals(TripleMessageReader.UNREADABLE, TripleMessageReader.serializeType(new byte[] {0x08, 1}, 0, 2),
                "a varint field: not a wrapper");
        assertEquals(TripleMessageReader.UNREADABLE, TripleMessageReader.serializeType(new byte[] {0x0a, 9, 'h'}, 0, 3),
                "a length past the end");
        TripleMessageReader reader = new TripleMessageReader(ignored);
        reader.feed(new byte[] {0, 0, 1, 0, 0x8, 0, 0, 0, 1, 1}, 10); // padded DATA whose pad length is its length
        assertEquals(true, reader.broken());
    }

    @Test
    void aTapOnTheLoopbackAliasRelaysToTheSamePortOn127002() throws Exception {
        try (DubboFrameTap tap = DubboFrameTap.inFrontOfAlias("alias");
             ServerSocket provider = new ServerSocket(tap.port(), 10,
                     InetAddress.getByName(DubboFrameTap.PROVIDER_ALIAS_HOST))) {
            assertEquals("127.0.0.2", provider.getInetAddress().getHostAddress());
            try (Socket consumer = new Socket(InetAddress.getByName(DubboFrameTap.REGISTERED_HOST), tap.port());
                 Socket accepted = provider.accept()) {
                consumer.getOutputStream().write(frame(DubboFrameTap.FLAG_REQUEST | 2, 9, new byte[4]));
                assertEquals(20, readFrame(accepted.getInputStream()).length);
                assertEquals(Map.of(2, 1L), tap.awaitCounts(c -> c.totalRequests() == 1, TIMEOUT, "the request")
                        .requestFrames());
            }
        }
    }

    @Test
    void awaitingACountThatNeverComesFailsWithWhatWasSeen() throws Exception {
        try (ServerSocket provider = fakeProvider(-1);
             DubboFrameTap tap = DubboFrameTap.inFrontOf("test", provider.getLocalPort())) {
            AssertionError error = assertThrows(AssertionError.class,
                    () -> tap.awaitCounts(c -> c.totalRequests() > 0, 200, "a request"));
            assertEquals(true, error.getMessage().contains("a request not seen within 200 ms"), error.getMessage());
        }
    }
}
