package io.github.hessiantime.dubbo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.QosClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator sees, from a real provider JVM and a real consumer JVM ({@link OperationsPeer}) of the Dubbo on
 * this class path (the default run: 3.3; the {@code dubbo-3.2} run: 3.2 with com.alibaba:hessian-lite), each with
 * QoS on a loopback port and Dubbo's Prometheus metrics on: the {@code hessian2Time} QoS command over HTTP (JSON) and
 * over telnet (a table), and the calls per serialization among Dubbo's own metrics ({@code GET /metrics}).
 *
 * <p>The provider exports groups {@code a} and {@code b} over dubbo and tri, each offering {@code hessian2-time,hessian2}
 * (in hessian-time's marker: Triple can reach both). The consumer calls a over dubbo and over tri with the parameters
 * the provider advertises (negotiating hessian2-time on both protocols), and b over dubbo and over tri asking for
 * hessian2 only, as a consumer without the jar does: {@value #CALLS} calls on each, and on Dubbo 3.3 one
 * {@code $echo} on each tri reference, which Dubbo packs itself and hessian-time does not count. Every count is exact.
 */
class OperationsIT {
    private static final int CALLS = 7;
    private static final String CLOCK = OperationsPeer.Clock.class.getName();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Each side's routes: service and protocol. */
    private static final List<String> ROUTES = List.of("a/" + CLOCK + " dubbo", "a/" + CLOCK + " tri",
            "b/" + CLOCK + " dubbo", "b/" + CLOCK + " tri");
    private static final Path LOGS = Paths.get(System.getProperty("hessiantime.logs"));

    private static int[] providerPorts;
    private static int consumerQos;
    private static ChildJvm provider;
    private static ChildJvm consumer;
    private static String dubboVersion;

    @BeforeAll
    static void startProviderAndConsumer() throws Exception {
        providerPorts = new int[] {freePort(), freePort(), freePort()};
        consumerQos = freePort();
        dubboVersion = org.apache.dubbo.common.Version.getVersion();
        provider = start("provider", providerPorts[0]);
        consumer = start("consumer", consumerQos);
        consumer.ok("calls " + CALLS, 120_000);
        if (!dubboVersion.startsWith("3.2.")) {
            // Dubbo 3.2's Triple consumer has no $echo (an NPE in its TripleInvoker, before anything of hessian-time's)
            consumer.ok("echoes", 60_000);
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        for (ChildJvm peer : new ChildJvm[] {consumer, provider}) {
            if (peer != null) {
                try {
                    assertEquals(0, peer.exit("exit", 60_000), peer + " stops cleanly");
                } finally {
                    peer.close();
                }
            }
        }
    }

    private static ChildJvm start(String role, int qosPort) throws Exception {
        ChildJvm peer = ChildJvm.launch(OperationsPeer.class.getName())
                .jvmArgs("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Djava.net.preferIPv4Stack=true",
                        "-Ddubbo.application.logger=jdk")
                .args(role, Integer.toString(qosPort), Integer.toString(providerPorts[1]),
                        Integer.toString(providerPorts[2]))
                .log(LOGS.resolve(role + "-" + dubboVersion + ".log")).start(role + "-" + dubboVersion);
        ChildJvm.Answer ready = peer.awaitLine(120_000);
        assertTrue(ready.ok(), role + ": " + ready);
        return peer;
    }

    @Test
    void theProviderListsItsServicesWithTheFormatsTheyOfferAndTheCallsReceivedPerFormat() throws Exception {
        JsonNode status = JSON.readTree(QosClient.http(providerPorts[0], "hessian2Time"));
        assertTrue(status.get("hessian2TimeAvailable").asBoolean(), status.toString());
        Map<String, JsonNode> rows = rows(status.get("provider"), "service", "protocol");
        assertEquals(ROUTES, new ArrayList<>(rows.keySet()), status.toString());
        for (JsonNode row : rows.values()) {
            // in the marker on every URL (Triple can reach both services), and shown as the offer it is
            assertTrue(row.get("offersHessian2Time").asBoolean(), row.toString());
            assertEquals("hessian2-time,hessian2", row.get("advertises").asText(), row.toString());
        }
        assertEquals(Map.of("hessian2-time", (long) CALLS), calls(rows.get("a/" + CLOCK + " dubbo").get("callsReceived")));
        assertEquals(Map.of("hessian2-time", (long) CALLS), calls(rows.get("a/" + CLOCK + " tri").get("callsReceived")));
        // the consumer asked for hessian2 on b, although the provider offers hessian2-time there too
        assertEquals(Map.of("hessian2", (long) CALLS), calls(rows.get("b/" + CLOCK + " dubbo").get("callsReceived")));
        assertEquals(Map.of("hessian2", (long) CALLS), calls(rows.get("b/" + CLOCK + " tri").get("callsReceived")));
        // every call once; the $echo calls over tri are not counted
        assertEquals(Map.of("hessian2-time", 2L * CALLS, "hessian2", 2L * CALLS), calls(status.get("callsReceived")));
    }

    @Test
    void theConsumerListsEachProviderAddressWithTheFormatItsCallsUseAndTheCallsSent() throws Exception {
        JsonNode status = JSON.readTree(QosClient.http(consumerQos, "hessian2Time"));
        Map<String, JsonNode> rows = rows(status.get("consumer"), "service", "protocol");
        assertEquals(ROUTES, new ArrayList<>(rows.keySet()), status.toString());
        for (String protocol : List.of("dubbo", "tri")) {
            String address = OperationsPeer.LOOPBACK + ":" + providerPorts[protocol.equals("dubbo") ? 1 : 2];
            JsonNode negotiating = rows.get("a/" + CLOCK + " " + protocol);
            assertEquals(address, negotiating.get("address").asText());
            assertEquals("hessian2-time,hessian2", negotiating.get("providerAdvertises").asText(), protocol);
            assertEquals("hessian2-time", negotiating.get("callsUse").asText(), protocol);
            assertEquals(Map.of("hessian2-time", (long) CALLS), calls(negotiating.get("callsSent")), protocol);
            JsonNode plain = rows.get("b/" + CLOCK + " " + protocol);
            assertEquals(address, plain.get("address").asText());
            assertEquals("hessian2", plain.get("callsUse").asText(), protocol);
            assertEquals(Map.of("hessian2", (long) CALLS), calls(plain.get("callsSent")), protocol);
        }
        assertEquals(Map.of("hessian2-time", 2L * CALLS, "hessian2", 2L * CALLS), calls(status.get("callsSent")));
        assertEquals(0, status.get("referencesWithoutProvider").size());
    }

    @Test
    void overTelnetTheCommandAnswersWithTables() throws Exception {
        String provided = QosClient.telnet(providerPorts[0], "hessian2Time");
        assertTrue(provided.contains("hessian2-time: available"), provided);
        assertTrue(Pattern.compile("\\|\\s*a/" + Pattern.quote(CLOCK) + "\\s*\\|\\s*dubbo\\s*\\|\\s*offered\\s*\\|"
                + "\\s*hessian2-time,hessian2\\s*\\|\\s*hessian2-time=" + CALLS + "\\s*\\|").matcher(provided).find(),
                provided);
        assertTrue(Pattern.compile("\\|\\s*b/" + Pattern.quote(CLOCK) + "\\s*\\|\\s*tri\\s*\\|\\s*offered\\s*\\|"
                + "\\s*hessian2-time,hessian2\\s*\\|\\s*hessian2=" + CALLS + "\\s*\\|").matcher(provided).find(),
                provided);
        assertTrue(provided.contains("calls received: " + 4 * CALLS + ", hessian2 " + 2 * CALLS + " (50.0 %), "
                + "hessian2-time " + 2 * CALLS + " (50.0 %)"), provided);

        String consumed = QosClient.telnet(consumerQos, "hessian2Time");
        for (int port = 1; port <= 2; port++) {
            assertTrue(Pattern.compile("\\|\\s*a/" + Pattern.quote(CLOCK) + "\\s*\\|\\s*" + OperationsPeer.LOOPBACK + ":"
                    + providerPorts[port] + "\\s*\\|\\s*" + (port == 1 ? "dubbo" : "tri") + "\\s*\\|[^|]*\\|"
                    + "\\s*hessian2-time\\s*\\|\\s*hessian2-time=" + CALLS + "\\s*\\|").matcher(consumed).find(), consumed);
        }
        assertTrue(Pattern.compile("\\|\\s*b/" + Pattern.quote(CLOCK) + "\\s*\\|\\s*" + OperationsPeer.LOOPBACK + ":"
                + providerPorts[2] + "\\s*\\|\\s*tri\\s*\\|\\s*hessian2\\s*\\|\\s*hessian2\\s*\\|\\s*hessian2=" + CALLS
                + "\\s*\\|").matcher(consumed).find(), consumed);
        assertTrue(consumed.contains("calls sent: " + 4 * CALLS + ", hessian2 " + 2 * CALLS + " (50.0 %), "
                + "hessian2-time " + 2 * CALLS + " (50.0 %)"), consumed);
    }

    @Test
    void dubbosPrometheusMetricsCountTheCallsPerSerializationBesideItsOwn() throws Exception {
        for (String side : List.of("provider", "consumer")) {
            String metrics = QosClient.http(side.equals("provider") ? providerPorts[0] : consumerQos, "metrics");
            String name = "dubbo_" + side + "_serialization_requests_total";
            for (String protocol : List.of("dubbo", "tri")) {
                assertEquals(CALLS, sample(metrics, name, "a", protocol, "hessian2-time"), metrics);
                assertEquals(CALLS, sample(metrics, name, "b", protocol, "hessian2"), metrics);
            }
            assertEquals(4, metrics.lines().filter(line -> line.startsWith(name + "{")).count(), metrics);
            assertTrue(metrics.contains("dubbo_application_info_total{"), "Dubbo's own metrics beside ours");
        }
    }

    /** The value of the one sample of {@code name} with these tags. */
    private static long sample(String metrics, String name, String group, String protocol, String serialization) {
        List<Double> values = new ArrayList<>();
        for (String line : metrics.split("\n")) {
            if (line.startsWith(name + "{") && line.contains("group=\"" + group + "\"")
                    && line.contains("protocol=\"" + protocol + "\"")
                    && line.contains("serialization=\"" + serialization + "\"")
                    && line.contains("interface=\"" + CLOCK + "\"")) {
                values.add(Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
            }
        }
        assertEquals(1, values.size(), name + " " + group + " " + serialization);
        return values.get(0).longValue();
    }

    private static Map<String, JsonNode> rows(JsonNode array, String... keys) {
        Map<String, JsonNode> rows = new TreeMap<>();
        for (JsonNode row : array) {
            StringBuilder key = new StringBuilder();
            for (String field : keys) {
                key.append(key.length() == 0 ? "" : " ").append(row.get(field).asText());
            }
            rows.put(key.toString(), row);
        }
        return rows;
    }

    private static Map<String, Long> calls(JsonNode perFormat) {
        Map<String, Long> calls = new TreeMap<>();
        perFormat.fields().forEachRemaining(field -> calls.put(field.getKey(), field.getValue().asLong()));
        return calls;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
