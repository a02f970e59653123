package io.github.hessiantime.interop;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP proxy in front of one provider that reads every dubbo-protocol frame header going through it:
 * the serialization id (low 5 bits of the flag byte) of each request and response, body sizes, and whether each
 * response came back in its request's format. This is the "captured bytes" evidence of which format was used.
 */
final class FrameCountingProxy implements AutoCloseable {

    private static final int HEADER_LENGTH = 16;
    private static final int FLAG_REQUEST = 0x80;
    private static final int FLAG_EVENT = 0x20;
    private static final int SERIALIZATION_MASK = 0x1f;

    private final String name;
    private final int targetPort;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Map<Integer, AtomicLong> requests = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> requestBodyBytes = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> responses = new ConcurrentHashMap<>();
    private final AtomicLong responsesInOtherFormat = new AtomicLong();
    private final AtomicLong unparsedConnections = new AtomicLong();
    // For streams that are not the dubbo protocol (triple = gRPC over cleartext HTTP/2): how often each
    // serialization name appears in the bytes, per direction. Triple's wrapper names hessian2 "hessian4".
    static final List<String> SERIALIZATION_NAMES = List.of("hessian2-time", "hessian4");
    private final Map<String, AtomicLong> namesInRawStreams = new ConcurrentHashMap<>();

    FrameCountingProxy(String name, int targetPort) throws IOException {
        this.name = name;
        this.targetPort = targetPort;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread acceptor = new Thread(this::acceptLoop, "proxy-" + name);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** Counts so far: serialization id to number of non-event requests / responses. */
    Counts counts() {
        return new Counts(copy(requests), copy(responses), copy(requestBodyBytes), responsesInOtherFormat.get(),
                unparsedConnections.get());
    }

    /** Serialization names seen in non-dubbo streams, keyed "request:name" / "response:name". */
    Map<String, Long> namesInRawStreams() {
        Map<String, Long> copy = new TreeMap<>();
        namesInRawStreams.forEach((key, count) -> copy.put(key, count.get()));
        return copy;
    }

    private static Map<Integer, Long> copy(Map<Integer, AtomicLong> counters) {
        Map<Integer, Long> copy = new TreeMap<>();
        counters.forEach((id, count) -> copy.put(id, count.get()));
        return copy;
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket provider = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                provider.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(provider);
                Map<Long, Integer> formatOfRequest = new ConcurrentHashMap<>();
                pump(client, provider, true, formatOfRequest);
                pump(provider, client, false, formatOfRequest);
            } catch (IOException e) {
                // closed, or the provider is gone: the consumer sees a failed connection, as it would without us
            }
        }
    }

    private void pump(Socket from, Socket to, boolean towardsProvider, Map<Long, Integer> formatOfRequest) {
        Thread thread = new Thread(() -> {
            try (DataInputStream in = new DataInputStream(from.getInputStream())) {
                OutputStream out = to.getOutputStream();
                byte[] header = new byte[HEADER_LENGTH];
                byte[] buffer = new byte[64 * 1024];
                while (true) {
                    in.readFully(header);
                    if ((header[0] & 0xff) != 0xda || (header[1] & 0xff) != 0xbb) {
                        unparsedConnections.incrementAndGet();
                        copyRaw(header, in, out, buffer, towardsProvider ? "request:" : "response:");
                        return;
                    }
                    int flag = header[2] & 0xff;
                    int serialization = flag & SERIALIZATION_MASK;
                    long id = readLong(header, 4);
                    int length = readInt(header, 12);
                    boolean event = (flag & FLAG_EVENT) != 0;
                    if (!event) {
                        if ((flag & FLAG_REQUEST) != 0) {
                            count(requests, serialization, 1);
                            count(requestBodyBytes, serialization, length);
                            formatOfRequest.put(id, serialization);
                        } else {
                            count(responses, serialization, 1);
                            Integer requestFormat = formatOfRequest.remove(id);
                            if (requestFormat != null && requestFormat != serialization) {
                                responsesInOtherFormat.incrementAndGet();
                            }
                        }
                    }
                    out.write(header);
                    for (int remaining = length; remaining > 0; ) {
                        int read = in.read(buffer, 0, Math.min(buffer.length, remaining));
                        if (read < 0) {
                            throw new IOException("stream ended inside a frame");
                        }
                        out.write(buffer, 0, read);
                        remaining -= read;
                    }
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed: close the other so the peer sees it too
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "proxy-" + name + (towardsProvider ? "-request" : "-response"));
        thread.setDaemon(true);
        thread.start();
    }

    private void copyRaw(byte[] start, InputStream in, OutputStream out, byte[] buffer, String direction)
            throws IOException {
        String tail = "";
        byte[] chunk = start;
        int length = start.length;
        while (true) {
            out.write(chunk, 0, length);
            out.flush();
            // ISO-8859-1 maps bytes 1:1 to chars; only matches ending in the new bytes are counted
            String window = tail + new String(chunk, 0, length, StandardCharsets.ISO_8859_1);
            for (String name : SERIALIZATION_NAMES) {
                for (int at = window.indexOf(name); at >= 0; at = window.indexOf(name, at + 1)) {
                    if (at + name.length() > tail.length()) {
                        count(namesInRawStreams, direction + name);
                    }
                }
            }
            tail = window.substring(Math.max(0, window.length() - 16));
            length = in.read(buffer);
            if (length < 0) {
                return;
            }
            chunk = buffer;
        }
    }

    private static void count(Map<String, AtomicLong> counters, String key) {
        counters.computeIfAbsent(key, k -> new AtomicLong()).incrementAndGet();
    }

    private static void count(Map<Integer, AtomicLong> counters, int key, long amount) {
        counters.computeIfAbsent(key, k -> new AtomicLong()).addAndGet(amount);
    }

    private static long readLong(byte[] bytes, int offset) {
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (bytes[offset + i] & 0xff);
        }
        return value;
    }

    private static int readInt(byte[] bytes, int offset) {
        return (int) (readLong(bytes, offset - 4) & 0xffffffffL);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(FrameCountingProxy::closeQuietly);
    }

    @Override
    public String toString() {
        return "proxy[" + name + " :" + port() + " -> :" + targetPort + "]";
    }

    /** An immutable snapshot; {@link #minus} gives what happened between two snapshots. */
    record Counts(Map<Integer, Long> requests, Map<Integer, Long> responses, Map<Integer, Long> requestBodyBytes,
                  long responsesInOtherFormat, long unparsedConnections) {

        Counts minus(Counts earlier) {
            return new Counts(subtract(requests, earlier.requests), subtract(responses, earlier.responses),
                    subtract(requestBodyBytes, earlier.requestBodyBytes),
                    responsesInOtherFormat - earlier.responsesInOtherFormat,
                    unparsedConnections - earlier.unparsedConnections);
        }

        long requestsIn(int serialization) {
            return requests.getOrDefault(serialization, 0L);
        }

        long totalRequests() {
            return requests.values().stream().mapToLong(Long::longValue).sum();
        }

        private static Map<Integer, Long> subtract(Map<Integer, Long> later, Map<Integer, Long> earlier) {
            Map<Integer, Long> difference = new TreeMap<>();
            later.forEach((id, count) -> {
                long delta = count - earlier.getOrDefault(id, 0L);
                if (delta != 0) {
                    difference.put(id, delta);
                }
            });
            return difference;
        }
    }
}
