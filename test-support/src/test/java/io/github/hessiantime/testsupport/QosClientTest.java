package io.github.hessiantime.testsupport;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The QoS client against a fake QoS port that speaks like Dubbo's: a welcome with a prompt, then one answer. */
class QosClientTest {

    /** Serves one connection: {@code greeting}, then for the first line read {@code answer(line)}. */
    private static CompletableFuture<String> serveOnce(ServerSocket server, String greeting,
                                                       java.util.function.Function<String, String> answer) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket socket = server.accept()) {
                OutputStream out = socket.getOutputStream();
                out.write(greeting.getBytes(StandardCharsets.UTF_8));
                out.flush();
                String line = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.UTF_8)).readLine();
                out.write(answer.apply(line).getBytes(StandardCharsets.UTF_8));
                out.flush();
                return line;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void telnetSendsTheCommandAndReturnsTheAnswerBeforeTheNextPrompt() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> received = serveOnce(server, " _ banner _\r\ndubbo>",
                    line -> "a table\r\nwith a > in it\r\ndubbo>");
            assertEquals("a table\r\nwith a > in it\r\n", QosClient.telnet(server.getLocalPort(), "hessian2Time"));
            assertEquals("hessian2Time", received.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void httpGetsTheCommandAndReturnsTheBody() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String body = "{\"ok\":true}";
            CompletableFuture<String> received = serveOnce(server, "", line -> "HTTP/1.1 200 OK\r\nContent-Length: "
                    + body.length() + "\r\nConnection: close\r\n\r\n" + body);
            assertEquals(body, QosClient.http(server.getLocalPort(), "hessian2Time"));
            assertEquals("GET /hessian2Time HTTP/1.1", received.get(10, TimeUnit.SECONDS));
        }
    }
}
