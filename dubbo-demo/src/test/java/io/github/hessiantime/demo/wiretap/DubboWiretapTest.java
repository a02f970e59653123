package io.github.hessiantime.demo.wiretap;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Frames written by hand through the wiretap to a fake provider: what is counted, and that bytes pass unchanged. */
class DubboWiretapTest {

    private static final int REQUEST = 0x80;
    private static final int TWO_WAY = 0x40;
    private static final int EVENT = 0x20;

    @Test
    void countsCallFramesBySerializationIdAndRelaysThemUnchanged() throws Exception {
        try (ServerSocket provider = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            // the fake provider answers request id 2 in another format (3) than its request (2), the others in kind
            Thread answering = new Thread(() -> answer(provider, Map.of(2L, 3)));
            answering.setDaemon(true);
            answering.start();

            try (DubboWiretap wiretap = new DubboWiretap("test", provider.getLocalPort());
                 Socket consumer = new Socket(InetAddress.getLoopbackAddress(), wiretap.port())) {
                DataOutputStream out = new DataOutputStream(consumer.getOutputStream());
                DataInputStream in = new DataInputStream(consumer.getInputStream());

                byte[] compactRequest = frame(REQUEST | TWO_WAY | 26, 1, 10);
                out.write(compactRequest);
                assertArrayEquals(frame(26, 1, 20), readFrame(in), "response relayed unchanged");
                FrameCounts afterOneCall = wiretap.counts();
                assertEquals(26, afterOneCall.onlySerializationId());

                out.write(frame(REQUEST | TWO_WAY | EVENT | 2, 7, 1)); // a heartbeat: not a call
                readFrame(in);
                out.write(frame(REQUEST | TWO_WAY | 2, 2, 5));
                readFrame(in);

                FrameCounts all = wiretap.counts();
                assertEquals(Map.of(2, 1L, 26, 1L), all.requestFrames());
                assertEquals(Map.of(2, 16 + 5L, 26, 16 + 10L), all.requestBytes());
                assertEquals(Map.of(3, 1L, 26, 1L), all.responseFrames());
                assertEquals(Map.of(3, 16 + 10L, 26, 16 + 20L), all.responseBytes());
                assertEquals(1, all.responsesInAnotherFormat());
                assertEquals(-1, all.onlySerializationId(), "two formats");

                FrameCounts lastCall = all.minus(afterOneCall);
                assertEquals(Map.of(2, 1L), lastCall.requestFrames());
                assertEquals(-1, lastCall.onlySerializationId(), "response in another format than its request");
            }
        }
    }

    /** Answers each frame with a frame of the same id, twice the body length, in the request's format or as mapped. */
    private static void answer(ServerSocket provider, Map<Long, Integer> answerFormat) {
        try (Socket connection = provider.accept()) {
            DataInputStream in = new DataInputStream(connection.getInputStream());
            DataOutputStream out = new DataOutputStream(connection.getOutputStream());
            while (true) {
                ByteBuffer header = ByteBuffer.wrap(readFrame(in));
                int flag = header.get(2) & 0xff;
                long id = header.getLong(4);
                int format = answerFormat.getOrDefault(id, flag & 0x1f);
                out.write(frame((flag & EVENT) | format, id, 2 * header.getInt(12)));
            }
        } catch (IOException closed) {
            // the test is over
        }
    }

    private static byte[] frame(int flag, long id, int bodyLength) {
        ByteBuffer frame = ByteBuffer.allocate(16 + bodyLength);
        frame.put((byte) 0xda).put((byte) 0xbb).put((byte) flag).put((byte) 20).putLong(id).putInt(bodyLength);
        for (int i = 0; i < bodyLength; i++) {
            frame.put((byte) i);
        }
        return frame.array();
    }

    private static byte[] readFrame(DataInputStream in) throws IOException {
        byte[] header = new byte[16];
        in.readFully(header);
        byte[] frame = new byte[16 + ByteBuffer.wrap(header).getInt(12)];
        System.arraycopy(header, 0, frame, 0, 16);
        in.readFully(frame, 16, frame.length - 16);
        return frame;
    }
}
