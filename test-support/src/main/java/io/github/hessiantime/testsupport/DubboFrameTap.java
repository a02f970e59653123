package io.github.hessiantime.testsupport;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A loopback TCP relay in front of one provider that reads the 16-byte header of every dubbo-protocol frame going
 * through it. The low 5 bits of the flag byte are the serialization id the sender used, so the tap shows which
 * format was really on the wire, per direction and with sizes, without trusting any log line. The provider
 * registers the tap's port (or the tap listens where the provider is registered) and every call is counted.
 *
 * <p>Event frames (heartbeats) are relayed but not counted: they are not calls. A connection that does not start
 * with the dubbo magic is relayed untouched and counted in {@link FrameCounts#nonDubboStreams()}; it is read as
 * Triple (HTTP/2, {@link TripleMessageReader}): the serialization name in the wrapper of every request and response
 * message is counted per direction, and a response whose name differs from its own request's (same stream) is
 * counted as a response in another format, as for dubbo frames. A port-unified provider port (dubbo and Triple on
 * one port) is read both ways, each connection by what it starts with.
 */
public final class DubboFrameTap implements AutoCloseable {

    /** The dubbo-protocol header: magic (2), flag (1), status (1), request id (8), body length (4). */
    public static final int HEADER_LENGTH = 16;
    public static final int MAGIC = 0xdabb;
    public static final int FLAG_REQUEST = 0x80;
    public static final int FLAG_TWO_WAY = 0x40;
    public static final int FLAG_EVENT = 0x20;
    public static final int SERIALIZATION_ID_MASK = 0x1f;

    /**
     * 127.0.0.2, where a provider behind {@link #inFrontOfAlias} binds, spelt as one number: Dubbo refuses hosts
     * starting with "127." (and would then bind every interface); this spelling passes its check.
     */
    public static final String PROVIDER_ALIAS_HOST = "2130706434";
    /** 127.0.0.1 spelt as one number, for the same reason: the host a provider behind the tap registers. */
    public static final String REGISTERED_HOST = "2130706433";

    private final String name;
    private final InetSocketAddress target;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<Socket>();
    private final Object lock = new Object();
    // guarded by lock; every change notifies awaitCounts
    private final Map<Integer, long[]> requests = new TreeMap<Integer, long[]>();
    private final Map<Integer, long[]> responses = new TreeMap<Integer, long[]>();
    private final Map<String, long[]> tripleRequests = new TreeMap<String, long[]>();
    private final Map<String, long[]> tripleResponses = new TreeMap<String, long[]>();
    private long tripleResponsesInAnotherFormat;
    private long responsesInAnotherFormat;
    private long nonDubboStreams;

    /** {@code target} with port 0: the port the tap listens on. */
    private DubboFrameTap(String name, InetSocketAddress listen, InetSocketAddress target) throws IOException {
        this.name = name;
        this.server = new ServerSocket();
        server.bind(listen);
        this.target = target.getPort() != 0 ? target
                : new InetSocketAddress(target.getAddress(), server.getLocalPort());
        daemon("tap-" + name, this::acceptConnections).start();
    }

    /** A tap on a free loopback port relaying to {@code targetPort} on loopback. */
    public static DubboFrameTap inFrontOf(String name, int targetPort) throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        return new DubboFrameTap(name, new InetSocketAddress(loopback, 0), new InetSocketAddress(loopback, targetPort));
    }

    /**
     * A tap on a free port p of 127.0.0.1 relaying to the same port p of 127.0.0.2, for a provider that binds
     * {@link #PROVIDER_ALIAS_HOST}:p and registers {@link #REGISTERED_HOST}:p. Consumers reach the provider only
     * through the tap, whatever Dubbo version: none has to register a port other than the one it binds.
     */
    public static DubboFrameTap inFrontOfAlias(String name) throws IOException {
        return new DubboFrameTap(name, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new InetSocketAddress(InetAddress.getByName(PROVIDER_ALIAS_HOST), 0));
    }

    /** The port consumers must reach (the one the provider registers). */
    public int port() {
        return server.getLocalPort();
    }

    /** A snapshot of everything counted so far. */
    public FrameCounts counts() {
        synchronized (lock) {
            return snapshot();
        }
    }

    /**
     * Waits until the counts satisfy {@code condition}, woken by every counted frame (no polling); fails with the
     * counts seen if {@code timeoutMillis} passes first.
     */
    public FrameCounts awaitCounts(Predicate<FrameCounts> condition, long timeoutMillis, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (lock) {
            while (true) {
                FrameCounts now = snapshot();
                if (condition.test(now)) {
                    return now;
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new AssertionError(this + ": " + what + " not seen within " + timeoutMillis + " ms: " + now);
                }
                lock.wait(left);
            }
        }
    }

    private FrameCounts snapshot() {
        return new FrameCounts(column(requests, 0), column(requests, 1), column(responses, 0), column(responses, 1),
                responsesInAnotherFormat, nonDubboStreams, column(tripleRequests, 0), column(tripleRequests, 1),
                column(tripleResponses, 0), tripleResponsesInAnotherFormat);
    }

    private static <K> Map<K, Long> column(Map<K, long[]> counters, int column) {
        Map<K, Long> copy = new TreeMap<K, Long>();
        for (Map.Entry<K, long[]> entry : counters.entrySet()) {
            copy.put(entry.getKey(), entry.getValue()[column]);
        }
        return Collections.unmodifiableMap(copy);
    }

    private void acceptConnections() {
        while (!server.isClosed()) {
            Socket consumer;
            try {
                consumer = server.accept();
            } catch (IOException closed) {
                return;
            }
            try {
                Socket provider = new Socket(target.getAddress(), target.getPort());
                consumer.setTcpNoDelay(true);
                provider.setTcpNoDelay(true);
                sockets.add(consumer);
                sockets.add(provider);
                // request id -> serialization id of the request, to check the format of its response; for Triple,
                // stream id -> serialization name of the stream's request
                Map<Long, Integer> requestFormats = new ConcurrentHashMap<Long, Integer>();
                Map<Long, String> tripleRequestFormats = new ConcurrentHashMap<Long, String>();
                daemon("tap-" + name + "-requests",
                        () -> relay(consumer, provider, true, requestFormats, tripleRequestFormats)).start();
                daemon("tap-" + name + "-responses",
                        () -> relay(provider, consumer, false, requestFormats, tripleRequestFormats)).start();
            } catch (IOException providerGone) {
                // the consumer sees a closed connection, as it would seeing the provider gone without the tap
                closeQuietly(consumer);
            }
        }
    }

    private void relay(Socket from, Socket to, boolean towardsProvider, Map<Long, Integer> requestFormats,
                       Map<Long, String> tripleRequestFormats) {
        byte[] header = new byte[HEADER_LENGTH];
        byte[] buffer = new byte[64 * 1024];
        try (DataInputStream in = new DataInputStream(from.getInputStream())) {
            OutputStream out = to.getOutputStream();
            while (true) {
                in.readFully(header);
                if (unsigned(header, 0, 2) != MAGIC) {
                    synchronized (lock) {
                        nonDubboStreams++;
                        lock.notifyAll();
                    }
                    relayTriple(header, in, out, buffer, towardsProvider, tripleRequestFormats);
                    return;
                }
                long bodyLength = unsigned(header, 12, 4);
                count(header[2] & 0xff, unsigned(header, 4, 8), HEADER_LENGTH + bodyLength, requestFormats);
                out.write(header);
                copy(in, out, bodyLength, buffer);
                out.flush();
            }
        } catch (IOException closed) {
            // one side closed: close the other too, as a direct connection would be
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    /** Counts one frame; package-private for the unit test of the header arithmetic. */
    void count(int flag, long requestId, long frameBytes, Map<Long, Integer> requestFormats) {
        if ((flag & FLAG_EVENT) != 0) {
            return;
        }
        int serializationId = flag & SERIALIZATION_ID_MASK;
        synchronized (lock) {
            if ((flag & FLAG_REQUEST) != 0) {
                add(requests, serializationId, frameBytes);
                requestFormats.put(requestId, serializationId);
            } else {
                add(responses, serializationId, frameBytes);
                Integer requestFormat = requestFormats.remove(requestId);
                if (requestFormat != null && requestFormat != serializationId) {
                    responsesInAnotherFormat++;
                }
            }
            lock.notifyAll();
        }
    }

    private static <K> void add(Map<K, long[]> counters, K serialization, long frameBytes) {
        long[] counter = counters.get(serialization);
        if (counter == null) {
            counter = new long[2];
            counters.put(serialization, counter);
        }
        counter[0]++;
        counter[1] += frameBytes;
    }

    private void relayTriple(byte[] start, InputStream in, OutputStream out, byte[] buffer, boolean towardsProvider,
                             Map<Long, String> requestFormats) throws IOException {
        TripleMessageReader reader = new TripleMessageReader(
                (streamId, serializeType, bytes) -> countTriple(towardsProvider, streamId, serializeType, bytes,
                        requestFormats));
        byte[] chunk = start;
        int length = start.length;
        while (length >= 0) {
            // counted before relayed, as dubbo frames are: a caller that has its answer finds it counted
            reader.feed(chunk, length);
            out.write(chunk, 0, length);
            out.flush();
            length = in.read(buffer);
            chunk = buffer;
        }
    }

    /** Counts one Triple message; package-private for the unit test. */
    void countTriple(boolean request, long streamId, String serializeType, long bytes, Map<Long, String> requestFormats) {
        synchronized (lock) {
            if (request) {
                add(tripleRequests, serializeType, bytes);
                requestFormats.put(streamId, serializeType);
            } else {
                add(tripleResponses, serializeType, bytes);
                String requestFormat = requestFormats.remove(streamId);
                if (requestFormat != null && !requestFormat.equals(serializeType)) {
                    tripleResponsesInAnotherFormat++;
                }
            }
            lock.notifyAll();
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

    static long unsigned(byte[] bytes, int offset, int length) {
        long value = 0;
        for (int i = offset; i < offset + length; i++) {
            value = (value << 8) | (bytes[i] & 0xff);
        }
        return value;
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
            // nothing left to close
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
    }

    @Override
    public String toString() {
        return "tap[" + name + " :" + server.getLocalPort() + " -> " + target + "]";
    }
}
