package io.github.hessiantime.sample;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback relay in front of one provider port that reads the serialization id (low 5 flag bits) from the header
 * of every dubbo frame passing through. Connections that do not start with the dubbo magic (Triple's HTTP/2) are
 * relayed uncounted except for their number. Stand-in until test-support's frame tap is on main.
 */
final class FrameTap implements AutoCloseable {

    private static final int HEADER_LENGTH = 16;
    private static final int MAGIC = 0xdabb;
    private static final int FLAG_REQUEST = 0x80;
    private static final int FLAG_EVENT = 0x20;

    private final int targetPort;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Map<Integer, AtomicLong> requests = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> responses = new ConcurrentHashMap<>();
    private final AtomicLong otherProtocolConnections = new AtomicLong();

    FrameTap(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "frame-tap-" + targetPort);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** Request frames (not events) per serialization id. */
    Map<Integer, Long> requests() {
        return snapshot(requests);
    }

    /** Response frames (not events) per serialization id. */
    Map<Integer, Long> responses() {
        return snapshot(responses);
    }

    /** Connections that carried something other than the dubbo protocol. */
    long otherProtocolConnections() {
        return otherProtocolConnections.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                sockets.add(client);
                sockets.add(target);
                start(() -> relay(client, target));
                start(() -> relay(target, client));
            } catch (IOException closedOrTargetGone) {
                // the client sees a closed connection, as it would without the tap
            }
        }
    }

    private void relay(Socket from, Socket to) {
        byte[] header = new byte[HEADER_LENGTH];
        byte[] buffer = new byte[16 * 1024];
        try (DataInputStream in = new DataInputStream(from.getInputStream())) {
            OutputStream out = to.getOutputStream();
            in.readFully(header, 0, 2);
            if (((header[0] & 0xff) << 8 | (header[1] & 0xff)) != MAGIC) {
                otherProtocolConnections.incrementAndGet();
                out.write(header, 0, 2);
                in.transferTo(out);
                return;
            }
            in.readFully(header, 2, HEADER_LENGTH - 2);
            while (true) {
                int flag = header[2] & 0xff;
                if ((flag & FLAG_EVENT) == 0) {
                    Map<Integer, AtomicLong> counts = (flag & FLAG_REQUEST) != 0 ? requests : responses;
                    counts.computeIfAbsent(flag & 0x1f, id -> new AtomicLong()).incrementAndGet();
                }
                out.write(header);
                copy(in, out, readInt(header, 12), buffer);
                out.flush();
                in.readFully(header);
            }
        } catch (IOException closed) {
            // one side closed: close the other, as a direct connection would
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void copy(InputStream in, OutputStream out, long length, byte[] buffer) throws IOException {
        for (long remaining = length; remaining > 0; ) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, remaining));
            if (read < 0) {
                throw new EOFException("connection closed inside a frame");
            }
            out.write(buffer, 0, read);
            remaining -= read;
        }
    }

    private static long readInt(byte[] bytes, int offset) {
        long value = 0;
        for (int i = offset; i < offset + 4; i++) {
            value = value << 8 | (bytes[i] & 0xff);
        }
        return value;
    }

    private static Map<Integer, Long> snapshot(Map<Integer, AtomicLong> counts) {
        Map<Integer, Long> copy = new TreeMap<>();
        counts.forEach((id, count) -> copy.put(id, count.get()));
        return copy;
    }

    private static void start(Runnable task) {
        Thread thread = new Thread(task, "frame-tap-relay");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException alreadyClosed) {
            // nothing left to close
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(FrameTap::closeQuietly);
    }
}
