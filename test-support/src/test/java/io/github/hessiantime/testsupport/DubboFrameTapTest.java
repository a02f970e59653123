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

    @Test
    void nonDubboStreamsAreRelayedAndWatchedNamesCounted() throws Exception {
        try (ServerSocket provider = drainingProvider();
             DubboFrameTap tap = DubboFrameTap.inFrontOf("test", provider.getLocalPort(), "hessian2-time");
             Socket consumer = new Socket(InetAddress.getLoopbackAddress(), tap.port())) {
            // the first 16 bytes have no dubbo magic; a watched name is split over two writes
            OutputStream out = consumer.getOutputStream();
            out.write("PRI *hessian2-ti".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            out.write("me and hessian2-time".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            FrameCounts counts = tap.awaitCounts(c -> c.nameOccurrences("request", "hessian2-time") == 2, TIMEOUT,
                    "both names, one split over two reads");
            assertEquals(1, counts.nonDubboStreams());
            assertEquals(0, counts.totalRequests());
        }
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
