package io.github.hessiantime.dubbo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.hessiantime.dubbo.SerializationStatus.Side;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.metrics.collector.MetricsCollector;
import org.apache.dubbo.metrics.model.sample.CounterMetricSample;
import org.apache.dubbo.metrics.model.sample.MetricSample;
import org.apache.dubbo.qos.api.BaseCommand;
import org.apache.dubbo.qos.api.CommandContext;
import org.apache.dubbo.rpc.AsyncRpcResult;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.PackableMethod;
import org.apache.dubbo.rpc.model.PackableMethodFactory;
import org.apache.dubbo.rpc.model.ReflectionMethodDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The status behind the {@code hessian2Time} QoS command and the metrics, in one framework of this JVM: what the
 * protocol wrapper and the call counts give (dubbo and Triple, provider and consumer), the format read from each URL as the
 * call decides it (Dubbo's negotiation, hessian-time's marker, the Triple packable method's decision), the command's
 * table, the metrics samples, and that Dubbo finds every extension. Real provider and consumer JVMs:
 * {@code OperationsIT}; Triple counts against the wire: {@code TripleInOneJvmTest}.
 */
class SerializationStatusTest {

    private FrameworkModel framework;
    private ApplicationModel application;
    private SerializationStatus status;

    @BeforeEach
    void newFramework() {
        framework = new FrameworkModel();
        application = framework.newApplication();
        application.getApplicationConfigManager().setApplication(new ApplicationConfig("orders"));
        status = framework.getBeanFactory().getBean(SerializationStatus.class);
    }

    @AfterEach
    void destroyFramework() {
        framework.destroy();
    }

    private URL url(String text) {
        return URL.valueOf(text).setScopeModel(application.getDefaultModule());
    }

    private static final String SERVICE = "/com.example.Orders?interface=com.example.Orders&application=orders";
    private static final String PROVIDER = SERVICE + "&side=provider";
    private static final String CONSUMER = SERVICE + "&side=consumer";

    @Test
    void theFrameworkKeepsOneStatusAndDubboFindsTheProtocolWrapperCommandAndCollectorButNoFilterOfOurs() {
        assertTrue(status != null, "registered by Hessian2TimeScopeModelInitializer");
        // every protocol is wrapped by ours, outermost: exports, references and calls reach the status through it
        for (String protocol : List.of("dubbo", "tri", "injvm")) {
            assertInstanceOf(Hessian2TimeProtocolWrapper.class,
                    framework.getExtensionLoader(Protocol.class).getExtension(protocol), protocol);
        }
        // no Filter of ours: a Filter file would share its name with other jars' (Sentinel's adapter ships one)
        URL provider = url("dubbo://127.0.0.1:20880" + PROVIDER);
        for (String side : List.of(CommonConstants.PROVIDER, CommonConstants.CONSUMER)) {
            List<Filter> filters = application.getDefaultModule().getExtensionLoader(Filter.class)
                    .getActivateExtension(provider, side.equals(CommonConstants.PROVIDER) ? "service.filter"
                            : "reference.filter", side);
            assertFalse(filters.stream().anyMatch(f -> f.getClass().getName().startsWith("io.github.hessiantime")),
                    filters.toString());
        }
        assertInstanceOf(Hessian2TimeCommand.class, framework.getExtensionLoader(BaseCommand.class)
                .getExtension("hessian2Time"));
        @SuppressWarnings("rawtypes")
        List<MetricsCollector> collectors = application.getBeanFactory().getBeansOfType(MetricsCollector.class);
        assertTrue(collectors.stream().anyMatch(Hessian2TimeMetricsCollector.class::isInstance), collectors.toString());
    }

    @Test
    void theFormatOfAUrlIsTheOneDubboUsesThere() {
        assertEquals("hessian2-time", status.formatOf(url("dubbo://127.0.0.1:20880" + CONSUMER
                + "&prefer.serialization=hessian2-time,hessian2&serialization=hessian2")));
        // names this application has no extension for are skipped, as Dubbo's consumer skips them
        assertEquals("hessian2", status.formatOf(url("dubbo://127.0.0.1:20880" + CONSUMER
                + "&prefer.serialization=no-such-format,hessian2")));
        assertEquals("hessian2", status.formatOf(url("dubbo://127.0.0.1:20880" + CONSUMER)));
        // Triple takes the first name without that check
        assertEquals("fastjson2", status.formatOf(url("tri://127.0.0.1:50051" + CONSUMER
                + "&prefer.serialization=fastjson2,hessian2")));
        assertEquals("hessian2-time", status.nameOf(Hessian2TimeSerialization.CONTENT_TYPE_ID));
        assertEquals("hessian2", status.nameOf((byte) 2));
        assertEquals("id 30", status.nameOf((byte) 30));
    }

    @Test
    void theCommandListsExportsAndProviderAddressesWithTheirFormatsAndCalls() throws Exception {
        URL dubboExport = url("dubbo://127.0.0.1:20880" + PROVIDER
                + "&prefer.serialization=hessian2-time,hessian2&serialization=hessian2");
        URL triExport = url("tri://127.0.0.1:50051" + PROVIDER + "&serialization=hessian2");
        status.exported(dubboExport);
        status.exported(triExport);
        status.exported(url("injvm://127.0.0.1" + PROVIDER)); // no serialization: not listed
        for (int i = 0; i < 3; i++) {
            status.count(Side.PROVIDER, dubboExport, Hessian2TimeSerialization.CONTENT_TYPE_ID);
        }
        status.count(Side.PROVIDER, dubboExport, (byte) 2);
        status.callReceived(triExport, "hessian2"); // what another protocol path reports

        URL toNew = url("dubbo://10.0.0.1:20880" + CONSUMER + "&prefer.serialization=hessian2-time,hessian2");
        URL toOld = url("dubbo://10.0.0.2:20880" + CONSUMER + "&serialization=hessian2");
        status.referred(toNew);
        status.referred(toOld);
        status.count(Side.CONSUMER, toNew, Hessian2TimeSerialization.CONTENT_TYPE_ID);
        status.count(Side.CONSUMER, toOld, (byte) 2);
        status.count(Side.CONSUMER, toOld, (byte) 2);

        String text = command(false);
        assertTrue(text.startsWith("hessian2-time: available"), text);
        assertTrue(row(text, "com.example.Orders", "dubbo", "offered", "hessian2-time,hessian2",
                "hessian2=1 hessian2-time=3"), text);
        assertTrue(row(text, "com.example.Orders", "tri", "-", "hessian2", "hessian2=1"), text);
        assertFalse(text.contains("injvm"), text);
        assertTrue(text.contains("calls received: 5, hessian2 2 (40.0 %), hessian2-time 3 (60.0 %)"), text);
        assertTrue(row(text, "com.example.Orders", "10.0.0.1:20880", "dubbo", "hessian2-time,hessian2",
                "hessian2-time", "hessian2-time=1"), text);
        assertTrue(row(text, "com.example.Orders", "10.0.0.2:20880", "dubbo", "hessian2", "hessian2", "hessian2=2"),
                text);

        // a provider that went away keeps its calls, and says so
        status.destroyed(toOld);
        assertTrue(row(command(false), "com.example.Orders", "10.0.0.2:20880", "dubbo", "(gone)", "-", "hessian2=2"),
                command(false));
        JsonNode json = new ObjectMapper().readTree(command(true));
        assertEquals("hessian2-time", json.get("consumer").get(0).get("callsUse").asText(), json.toString());
        assertEquals(3, json.get("provider").get(0).get("callsReceived").get("hessian2-time").asInt());
        assertFalse(json.get("consumer").get(1).get("referred").asBoolean());
    }

    @Test
    void theJsonIsJson() {
        Map<String, Object> value = new java.util.LinkedHashMap<>();
        value.put("a\"b\\", List.of(1, true, "x\ny"));
        value.put("none", null);
        assertEquals("{\"a\\\"b\\\\\":[1,true,\"x\\u000ay\"],\"none\":null}",
                Hessian2TimeCommand.toJson(value, new StringBuilder()).toString());
    }

    @Test
    void theMetricsCountEachSeriesOverAllProviderAddresses() {
        URL first = url("dubbo://10.0.0.1:20880" + CONSUMER + "&group=g&version=1.0");
        URL second = url("dubbo://10.0.0.2:20880" + CONSUMER + "&group=g&version=1.0");
        status.count(Side.CONSUMER, first, Hessian2TimeSerialization.CONTENT_TYPE_ID);
        Hessian2TimeMetricsCollector collector = application.getBeanFactory().getBean(Hessian2TimeMetricsCollector.class);
        assertTrue(collector.calSamplesChanged());
        List<MetricSample> samples = collector.collect();
        assertFalse(collector.calSamplesChanged());
        assertEquals(1, samples.size(), samples.toString());
        CounterMetricSample<?> sample = (CounterMetricSample<?>) samples.get(0);
        assertEquals("dubbo.consumer.serialization.requests.total", sample.getName());
        assertEquals(Map.of("application.name", "orders", "interface", "com.example.Orders", "group", "g",
                "version", "1.0", "protocol", "dubbo", "serialization", "hessian2-time"), sample.getTags());

        // the registered counter reads on: a second address of the same series adds to the same value
        status.count(Side.CONSUMER, second, Hessian2TimeSerialization.CONTENT_TYPE_ID);
        status.count(Side.CONSUMER, second, Hessian2TimeSerialization.CONTENT_TYPE_ID);
        assertTrue(collector.calSamplesChanged(), "a new address is a new counter to include");
        assertEquals(1, collector.collect().size());
        assertEquals(3L, sample.getValue().longValue());

        // another application's calls are its own collector's
        URL elsewhere = url("dubbo://10.0.0.1:20880/com.example.Orders?interface=com.example.Orders"
                + "&application=billing&side=consumer");
        status.count(Side.CONSUMER, elsewhere, (byte) 2);
        assertEquals(List.of("hessian2-time"), collector.collect().stream()
                .map(s -> s.getTags().get("serialization")).collect(Collectors.toList()));
        assertNull(collector.collect().stream().filter(s -> "billing".equals(s.getTags().get("application.name")))
                .findAny().orElse(null));
    }

    /** A plain interface: its unary method travels over Triple in wrapper mode. */
    public interface Clock {
        Instant echo(Instant value);
    }

    /** A provider URL's parameters where Triple can reach its service and it offers hessian2-time (the marker). */
    private static final String ADVERTISED = "&prefer.serialization=hessian2"
            + "&hessian2-time-prefer-serialization=hessian2-time,hessian2&serialization=hessian2";

    @Test
    void overDubboTheMarkerIsReadAsNegotiatingReferenceGivesItToDubbo() {
        URL marked = url("dubbo://10.0.0.1:20880" + CONSUMER + ADVERTISED);
        assertEquals("hessian2-time", status.formatOf(marked, true));
        // without Triple support the marker means nothing: Dubbo negotiates prefer.serialization as it is
        assertEquals("hessian2", status.formatOf(marked, false));
        // the list NegotiatingReference restores on the invoker's URL
        assertEquals("hessian2-time", status.formatOf(url("dubbo://10.0.0.1:20880" + CONSUMER
                + ADVERTISED.replace("prefer.serialization=hessian2", "prefer.serialization=hessian2-time,hessian2")),
                true));
        // a list the consumer set itself wins over the marker
        assertEquals("hessian2", status.formatOf(url("dubbo://10.0.0.1:20880" + CONSUMER
                + ADVERTISED.replace("=hessian2-time,hessian2", "=hessian2-time,fastjson2,hessian2")), true));
        // what the provider offers, whichever parameter holds it
        status.referred(marked);
        assertTrue(row(command(false), "com.example.Orders", "10.0.0.1:20880", "dubbo", "hessian2-time,hessian2",
                "hessian2-time", "-"), command(false));
    }

    @Test
    void overTripleTheFormatShownIsTheOneTheConsumersPackableMethodDecides() {
        // URL parameters -> the format a unary call of a plain interface goes in, with Triple support on
        Map<String, String> shapes = new java.util.LinkedHashMap<>();
        shapes.put(ADVERTISED, "hessian2-time"); // the marker, read by a consumer with the jar
        shapes.put("&prefer.serialization=hessian2-time,hessian2", "hessian2-time"); // a direct URL naming it first
        shapes.put("&prefer.serialization=no-such-format,hessian2-time,hessian2", "hessian2-time"); // as dubbo: skipped
        shapes.put(ADVERTISED.replace("prefer.serialization=hessian2", "prefer.serialization=fastjson2"),
                "fastjson2"); // the consumer's own list wins over the marker, and Triple takes its first name
        shapes.put("&prefer.serialization=hessian2,hessian2-time", "hessian2");
        shapes.put("&prefer.serialization=fastjson2,hessian2", "fastjson2"); // Dubbo 3.2's default list: no check
        shapes.put("&serialization=hessian2", "hessian2"); // a provider without the jar
        for (Map.Entry<String, String> shape : shapes.entrySet()) {
            URL url = url("tri://10.0.0.1:50051" + CONSUMER + shape.getKey());
            assertEquals(shape.getValue(), status.formatOf(url, true), shape.getKey());
            assertEquals(shape.getValue().equals("hessian2-time"), packable(url).sendsHessian2Time(), shape.getKey());
        }
        // without Triple support Dubbo's own packable method takes the URL's first name as it is
        assertEquals("hessian2", status.formatOf(url("tri://10.0.0.1:50051" + CONSUMER + ADVERTISED), false));
        assertEquals("hessian2-time", status.formatOf(url("tri://10.0.0.1:50051" + CONSUMER
                + "&prefer.serialization=hessian2-time,hessian2"), false));
    }

    @Test
    void aConsumersTripleCallsAreCountedWhereTheyArePackedInTheFormatOfTheirWrapper() throws Exception {
        URL negotiating = url("tri://10.0.0.1:50051" + CONSUMER + ADVERTISED);
        URL plain = url("tri://10.0.0.2:50051" + CONSUMER + "&prefer.serialization=hessian2");
        status.referred(negotiating);
        status.referred(plain);
        Object[] arguments = {Instant.parse("2025-11-22T10:15:30.123456789Z")};
        Hessian2TimePackableMethod toNegotiating = packable(negotiating);
        Hessian2TimePackableMethod toPlain = packable(plain);
        for (int i = 0; i < 3; i++) {
            assertEquals("hessian2-time", TripleWrapperCodec.serializeType(toNegotiating.packRequest(arguments), "t"));
        }
        for (int i = 0; i < 2; i++) {
            assertEquals("hessian4", TripleWrapperCodec.serializeType(toPlain.packRequest(arguments), "t"));
        }
        assertEquals(Map.of("hessian2-time", 3L), status.callsOn(SerializationStatus.Route.of(Side.CONSUMER,
                negotiating)));
        assertEquals(Map.of("hessian2", 2L), status.callsOn(SerializationStatus.Route.of(Side.CONSUMER, plain)));
        String text = command(false);
        assertTrue(row(text, "com.example.Orders", "10.0.0.1:50051", "tri", "hessian2-time,hessian2",
                "hessian2-time", "hessian2-time=3"), text);
        assertTrue(row(text, "com.example.Orders", "10.0.0.2:50051", "tri", "hessian2", "hessian2", "hessian2=2"),
                text);
        // the protocol wrapper leaves a consumer's Triple calls to the packable method (Dubbo's invoker still
        // records a dubbo-style serialization id in every consumer invocation, which says nothing about Triple)
        RpcInvocation sent = invocation();
        sent.put("serialization_id", (byte) 2);
        new Hessian2TimeProtocolWrapper(new FakeProtocol(invoker(plain))).refer(Clock.class, plain).invoke(sent);
        assertEquals(Map.of("hessian2", 2L), status.callsOn(SerializationStatus.Route.of(Side.CONSUMER, plain)));
    }

    @Test
    void aProvidersTripleCallsAreCountedInTheFormatTheirRequestArrivedInWhichTheCallSees() {
        URL export = url("tri://127.0.0.1:50051" + PROVIDER + ADVERTISED);
        TripleCallFormats formats = framework.getBeanFactory().getOrRegisterBean(TripleCallFormats.class);
        FakeProtocol protocol = new FakeProtocol(null);
        new Hessian2TimeProtocolWrapper(protocol).export(invoker(export));
        // the wire name the packable method recorded for a call (null: Dubbo read it alone) -> what is counted
        String[][] calls = {{"hessian2-time", "hessian2-time"}, {"hessian2-time", "hessian2-time"},
            {"hessian4", "hessian2"}, {"fastjson2", "fastjson2"}, {null, null}};
        for (String[] call : calls) {
            RpcInvocation invocation = invocation();
            if (call[0] != null) {
                formats.received(invocation.getArguments(), call[0]);
            }
            protocol.exported.invoke(invocation);
            assertEquals(call[1], invocation.get(TripleCallFormats.TRIPLE_SERIALIZATION_KEY), call[0]);
        }
        assertEquals(Map.of("hessian2-time", 2L, "hessian2", 1L, "fastjson2", 1L),
                status.callsOn(SerializationStatus.Route.of(Side.PROVIDER, export)));
        assertTrue(row(command(false), "com.example.Orders", "tri", "offered", "hessian2-time,hessian2",
                "fastjson2=1 hessian2=1 hessian2-time=2"), command(false));
    }

    @Test
    void theProtocolWrapperReportsExportsAndReferencesAndCountsDubboCallsInTheIdDubboUsed() throws Exception {
        URL export = url("dubbo://127.0.0.1:20880" + PROVIDER + "&prefer.serialization=hessian2-time,hessian2"
                + "&serialization=hessian2");
        FakeProtocol providerSide = new FakeProtocol(null);
        Exporter<?> exporter = new Hessian2TimeProtocolWrapper(providerSide).export(invoker(export));
        // the provider's decoder leaves the request's id in the invocation; the exported invoker counts it
        for (byte id : new byte[] {Hessian2TimeSerialization.CONTENT_TYPE_ID, Hessian2TimeSerialization.CONTENT_TYPE_ID,
            2}) {
            RpcInvocation received = invocation();
            received.put("serialization_id", id);
            providerSide.exported.invoke(received);
        }
        providerSide.exported.invoke(invocation()); // no id (an event, a broken invocation): not counted
        assertEquals(Map.of("hessian2-time", 2L, "hessian2", 1L),
                status.callsOn(SerializationStatus.Route.of(Side.PROVIDER, export)));

        URL provider = url("dubbo://10.0.0.1:20880" + CONSUMER + "&prefer.serialization=hessian2-time,hessian2");
        Invoker<Clock> reference = new Hessian2TimeProtocolWrapper(new FakeProtocol(invoker(provider)))
                .refer(Clock.class, provider);
        // the consumer's invoker stores the id while it prepares the request: read once the call returned
        RpcInvocation sent = invocation();
        Invocation[] seenInside = new Invocation[1];
        Invoker<Clock> preparing = new Hessian2TimeProtocolWrapper(new FakeProtocol(invoker(provider, inv -> {
            seenInside[0] = inv;
            inv.put("serialization_id", Hessian2TimeSerialization.CONTENT_TYPE_ID);
        }))).refer(Clock.class, provider);
        preparing.invoke(sent);
        assertTrue(seenInside[0] == sent);
        assertEquals(Map.of("hessian2-time", 1L), status.callsOn(SerializationStatus.Route.of(Side.CONSUMER,
                provider)));
        String text = command(false);
        assertTrue(row(text, "com.example.Orders", "dubbo", "offered", "hessian2-time,hessian2",
                "hessian2=1 hessian2-time=2"), text);
        assertTrue(row(text, "com.example.Orders", "10.0.0.1:20880", "dubbo", "hessian2-time,hessian2",
                "hessian2-time", "hessian2-time=1"), text);

        // unexport and destroy are reported once Dubbo did them: the routes stay with their counts, gone
        SerializationStatus.Route providerRoute = SerializationStatus.Route.of(Side.PROVIDER, export);
        SerializationStatus.Route consumerRoute = SerializationStatus.Route.of(Side.CONSUMER, provider);
        assertTrue(status.routes().get(providerRoute) != null && status.routes().get(consumerRoute) != null);
        exporter.unexport();
        reference.destroy();
        preparing.destroy();
        assertTrue(status.routes().containsKey(providerRoute) && status.routes().get(providerRoute) == null);
        assertTrue(status.routes().containsKey(consumerRoute) && status.routes().get(consumerRoute) == null);
        text = command(false);
        assertTrue(row(text, "com.example.Orders", "10.0.0.1:20880", "dubbo", "(gone)", "-", "hessian2-time=1"), text);

        // a registry's export and reference are Dubbo's plumbing, not a service or a provider: passed on as they are
        URL registry = url("registry://127.0.0.1:2181/org.apache.dubbo.registry.RegistryService?registry=zookeeper");
        Invoker<?> registryInvoker = invoker(registry);
        FakeProtocol registryProtocol = new FakeProtocol(registryInvoker);
        assertTrue(new Hessian2TimeProtocolWrapper(registryProtocol).refer(Clock.class, registry) == registryInvoker);
        new Hessian2TimeProtocolWrapper(registryProtocol).export(registryInvoker);
        assertTrue(registryProtocol.exported == registryInvoker);
        assertFalse(command(false).contains("2181"), command(false));
    }

    /** A protocol that keeps the invoker it exports and refers to one given provider invoker. */
    private static final class FakeProtocol implements Protocol {
        final Invoker<?> provider;
        Invoker<?> exported;

        FakeProtocol(Invoker<?> provider) {
            this.provider = provider;
        }

        @Override
        public int getDefaultPort() {
            return 0;
        }

        @Override
        public <T> Exporter<T> export(Invoker<T> invoker) {
            exported = invoker;
            return new Exporter<T>() {
                @Override
                public Invoker<T> getInvoker() {
                    return invoker;
                }

                @Override
                public void unexport() {
                }

                @Override
                public void register() {
                }

                @Override
                public void unregister() {
                }
            };
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Invoker<T> refer(Class<T> type, URL url) {
            return (Invoker<T>) provider;
        }

        @Override
        public void destroy() {
        }
    }

    private Hessian2TimePackableMethod packable(URL url) {
        try {
            PackableMethod method = framework.getExtensionLoader(PackableMethodFactory.class).getExtension("default")
                    .create(new ReflectionMethodDescriptor(Clock.class.getMethod("echo", Instant.class)), url,
                            "application/grpc+proto");
            return assertInstanceOf(Hessian2TimePackableMethod.class, method);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    private static RpcInvocation invocation() {
        return new RpcInvocation("echo", Clock.class.getName(), "", new Class<?>[] {Instant.class},
                new Object[] {Instant.EPOCH});
    }

    /** An invoker of {@code url} that answers every call with an empty result. */
    private static Invoker<?> invoker(URL url) {
        return invoker(url, invocation -> { });
    }

    /** An invoker of {@code url} that does {@code prepare} with each call, then answers with an empty result. */
    @SuppressWarnings("unchecked")
    private static <T> Invoker<T> invoker(URL url, java.util.function.Consumer<Invocation> prepare) {
        return (Invoker<T>) Proxy.newProxyInstance(Invoker.class.getClassLoader(), new Class<?>[] {Invoker.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getUrl":
                            return url;
                        case "destroy":
                            return null;
                        case "invoke":
                            prepare.accept((Invocation) args[0]);
                            return AsyncRpcResult.newDefaultAsyncResult((Invocation) args[0]);
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }

    private String command(boolean http) {
        CommandContext context = new CommandContext("hessian2Time", new String[0], http);
        return framework.getExtensionLoader(BaseCommand.class).getExtension("hessian2Time").execute(context,
                new String[0]);
    }

    /** Whether a table row holds exactly these cells, in order (after the service key, which may carry a group). */
    private static boolean row(String table, String service, String... cells) {
        StringBuilder pattern = new StringBuilder("\\|[^|\\n]*" + java.util.regex.Pattern.quote(service) + "\\s*");
        for (String cell : cells) {
            pattern.append("\\|\\s*").append(java.util.regex.Pattern.quote(cell)).append("\\s*");
        }
        return java.util.regex.Pattern.compile(pattern.append("\\|").toString()).matcher(table).find();
    }
}
