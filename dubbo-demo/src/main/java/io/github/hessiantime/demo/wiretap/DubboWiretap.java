package io.github.hessiantime.demo.wiretap;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Demo instrumentation, not part of what a Dubbo user needs: a loopback TCP relay in front of one provider that
 * reads the 16-byte header of every dubbo-protocol frame passing through. The header's low 5 flag bits are the
 * serialization id the sender used, so the relay shows which format was really on the wire and how many bytes each
 * call took, without trusting any log line. The provider registers the relay's port instead of its own.
 */
public final class DubboWiretap implements AutoCloseable {

    private static final int HEADER_LENGTH = 16;
    private static final int MAGIC = 0xdabb;
    private static final int FLAG_REQUEST = 0x80;
    private static final int FLAG_EVENT = 0x20; // heartbeats and other events are not calls
    private static final int SERIALIZATION_ID_MASK = 0x1f;

    private final int providerPort;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Map<Integer, AtomicLong> requestFrames = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> requestBytes = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> responseFrames = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> responseBytes = new ConcurrentHashMap<>();
    private final AtomicLong responsesInAnotherFormat = new AtomicLong();

    /** Listens on a free loopback port and relays each connection to {@code providerPort} on loopback. */
    public DubboWiretap(String name, int providerPort) throws IOException {
        this.providerPort = providerPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon("wiretap-" + name, this::acceptConnections).start();
    }

    /** The port to register instead of the provider's. */
    public int port() {
        return server.getLocalPort();
    }

    public FrameCounts counts() {
        return new FrameCounts(FrameCounts.copy(requestFrames), FrameCounts.copy(requestBytes),
                FrameCounts.copy(responseFrames), FrameCounts.copy(responseBytes), responsesInAnotherFormat.get());
    }

    private void acceptConnections() {
        while (!server.isClosed()) {
            try {
                Socket consumer = server.accept();
                Socket provider = new Socket(InetAddress.getLoopbackAddress(), providerPort);
                consumer.setTcpNoDelay(true);
                provider.setTcpNoDelay(true);
                sockets.add(consumer);
                sockets.add(provider);
                // request id -> serialization id of the request, to check the response's format
                Map<Long, Integer> requestFormats = new ConcurrentHashMap<>();
                daemon("wiretap-requests", () -> relay(consumer, provider, requestFormats)).start();
                daemon("wiretap-responses", () -> relay(provider, consumer, requestFormats)).start();
            } catch (IOException closedOrProviderGone) {
                // the consumer sees a refused or closed connection, exactly as without the relay
            }
        }
    }

    private void relay(Socket from, Socket to, Map<Long, Integer> requestFormats) {
        byte[] header = new byte[HEADER_LENGTH];
        byte[] buffer = new byte[64 * 1024];
        try (DataInputStream in = new DataInputStream(from.getInputStream())) {
            OutputStream out = to.getOutputStream();
            while (true) {
                in.readFully(header);
                if (unsigned(header, 0, 2) != MAGIC) {
                    // not the dubbo protocol: relay untouched and uncounted
                    out.write(header);
                    in.transferTo(out);
                    return;
                }
                int flag = header[2] & 0xff;
                long requestId = unsigned(header, 4, 8);
                long bodyLength = unsigned(header, 12, 4);
                if ((flag & FLAG_EVENT) == 0) {
                    count(flag, requestId, HEADER_LENGTH + bodyLength, requestFormats);
                }
                out.write(header);
                copy(in, out, bodyLength, buffer);
                out.flush();
            }
        } catch (IOException closed) {
            // one side closed: close the other side too, as a direct connection would be
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void count(int flag, long requestId, long frameBytes, Map<Long, Integer> requestFormats) {
        int serializationId = flag & SERIALIZATION_ID_MASK;
        if ((flag & FLAG_REQUEST) != 0) {
            add(requestFrames, serializationId, 1);
            add(requestBytes, serializationId, frameBytes);
            requestFormats.put(requestId, serializationId);
        } else {
            add(responseFrames, serializationId, 1);
            add(responseBytes, serializationId, frameBytes);
            Integer requestFormat = requestFormats.remove(requestId);
            if (requestFormat != null && requestFormat != serializationId) {
                responsesInAnotherFormat.incrementAndGet();
            }
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

    private static long unsigned(byte[] bytes, int offset, int length) {
        long value = 0;
        for (int i = offset; i < offset + length; i++) {
            value = (value << 8) | (bytes[i] & 0xff);
        }
        return value;
    }

    private static void add(Map<Integer, AtomicLong> counters, int serializationId, long amount) {
        counters.computeIfAbsent(serializationId, id -> new AtomicLong()).addAndGet(amount);
    }

    private static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException alreadyClosed) {
            // nothing left to do
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(DubboWiretap::closeQuietly);
    }
}
