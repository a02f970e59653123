package io.github.hessiantime.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * Asks a Dubbo QoS port on loopback, as an operator would: a command over telnet (the answer Dubbo prints before its
 * next {@code dubbo>} prompt) or over HTTP ({@code GET /command}: the body). The project's one way to do it, for the
 * tests and the demo.
 */
public final class QosClient {

    private static final String PROMPT = "dubbo>";
    private static final int TIMEOUT_MILLIS = 30_000;

    private QosClient() {
    }

    /** {@code command} typed on a telnet connection to {@code port}: what Dubbo answers, without the prompt. */
    public static String telnet(int port, String command) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            InputStream in = socket.getInputStream();
            untilPrompt(in); // Dubbo's welcome
            OutputStream out = socket.getOutputStream();
            out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String answer = untilPrompt(in);
            return answer.substring(0, answer.length() - PROMPT.length());
        }
    }

    /** {@code GET http://127.0.0.1:port/command}: the body of a 200 answer. */
    public static String http(int port, String command) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/" + command)
                .openConnection();
        connection.setConnectTimeout(TIMEOUT_MILLIS);
        connection.setReadTimeout(TIMEOUT_MILLIS);
        try (InputStream in = connection.getInputStream()) {
            String body = read(in, null);
            if (connection.getResponseCode() != 200) {
                throw new IOException("QoS " + command + " on port " + port + ": HTTP " + connection.getResponseCode());
            }
            return body;
        } finally {
            connection.disconnect();
        }
    }

    private static String untilPrompt(InputStream in) throws IOException {
        return read(in, PROMPT);
    }

    /** Everything up to and including {@code end} (null: to the end of the stream). */
    private static String read(InputStream in, String end) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b; (b = in.read()) != -1; ) {
            bytes.write(b);
            if (end != null && b == end.charAt(end.length() - 1)
                    && new String(bytes.toByteArray(), StandardCharsets.UTF_8).endsWith(end)) {
                break;
            }
        }
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }
}
