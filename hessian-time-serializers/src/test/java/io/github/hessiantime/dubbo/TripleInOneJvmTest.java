package io.github.hessiantime.dubbo;

import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
import io.github.hessiantime.testsupport.TimeBag;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.common.stream.StreamObserver;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Triple between a Dubbo 3.3.6 provider and consumers in this JVM (calls go over loopback through a frame tap that
 * reads the serialization name of every request and response wrapper): a reference that negotiates hessian2-time and
 * one that does not, on the same provider method at once, synchronous and asynchronous; and the operator's counts
 * ({@link SerializationStatus}) against the wire.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TripleInOneJvmTest {

    /**
     * The service: java.time values both ways, a bean with every type, an asynchronous answer, a server stream, and
     * the format the provider saw a request in.
     */
    public interface Clock {
        Instant echo(Instant value);

        TimeBag check(int index, TimeBag bag);

        CompletableFuture<TimeBag> checkLater(int index, TimeBag bag);

        /** Streams bags {@code 0 .. count-1} back. */
        void bags(int count, StreamObserver<TimeBag> bags);

        /**
         * The serialization this call arrived in, as the provider's hessian-time knows it while the call runs: the
         * wire name it recorded, and the extension name the exported invoker left in the invocation.
         */
        String arrivedIn(Instant value);
    }

    public final class ClockService implements Clock {
        private final ExecutorService later = Executors.newFixedThreadPool(2);

        @Override
        public void bags(int count, StreamObserver<TimeBag> bags) {
            for (int index = 0; index < count; index++) {
                bags.onNext(TimeBag.of(index));
            }
            bags.onCompleted();
        }

        @Override
        public String arrivedIn(Instant value) {
            Invocation invocation = RpcContext.getServiceContext().getInvocation();
            return framework.getBeanFactory().getBean(TripleCallFormats.class).requestSerialization(invocation) + " "
                    + invocation.get(TripleCallFormats.TRIPLE_SERIALIZATION_KEY);
        }

        @Override
        public Instant echo(Instant value) {
            return value;
        }

        @Override
        public TimeBag check(int index, TimeBag bag) {
            String differences = bag.differencesTo(TimeBag.of(index));
            if (!differences.isEmpty()) {
                throw new IllegalStateException("bag " + index + " arrived different: " + differences);
            }
            return TimeBag.of(index);
        }

        @Override
        public CompletableFuture<TimeBag> checkLater(int index, TimeBag bag) {
            return CompletableFuture.supplyAsync(() -> check(index, bag), later);
        }
    }

    private FrameworkModel framework;
    private DubboBootstrap bootstrap;
    private DubboFrameTap tap;
    private Clock negotiating;
    private Clock plain;

    @BeforeAll
    void start() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        tap = DubboFrameTap.inFrontOf("tri", port);
        framework = new FrameworkModel();
        ApplicationConfig application = new ApplicationConfig("triple-in-one-jvm");
        application.setQosEnable(false);
        ProtocolConfig tri = new ProtocolConfig("tri", port);
        tri.setHost("2130706433");
        tri.setSerialization("hessian2");
        tri.setPreferSerialization("hessian2-time,hessian2");
        ServiceConfig<Clock> service = new ServiceConfig<>();
        service.setInterface(Clock.class);
        service.setRef(new ClockService());
        String address = "tri://2130706433:" + tap.port() + "/" + Clock.class.getName();
        ReferenceConfig<Clock> negotiatingReference = reference(address + "?prefer.serialization=hessian2-time,hessian2");
        ReferenceConfig<Clock> plainReference = reference(address);
        bootstrap = DubboBootstrap.newInstance(framework).application(application)
                .registry(new RegistryConfig("N/A")).protocol(tri).service(service)
                .reference(negotiatingReference).reference(plainReference).start();
        negotiating = negotiatingReference.get();
        plain = plainReference.get();
    }

    private static ReferenceConfig<Clock> reference(String url) {
        ReferenceConfig<Clock> reference = new ReferenceConfig<>();
        reference.setInterface(Clock.class);
        reference.setUrl(url);
        reference.setScope("remote");
        reference.setTimeout(15_000);
        return reference;
    }

    @AfterAll
    void stop() throws Exception {
        if (bootstrap != null) {
            bootstrap.stop();
        }
        if (framework != null) {
            framework.destroy();
        }
        if (tap != null) {
            tap.close();
        }
    }

    @Test
    void aConsumerThatNegotiatesSendsHessian2TimeAndGetsItBackTheOtherKeepsHessian2() throws Exception {
        Instant value = Instant.parse("2025-11-22T10:15:30.123456789Z");
        for (Clock clock : List.of(negotiating, plain)) {
            FrameCounts before = tap.counts();
            assertEquals(value, clock.echo(value));
            for (int index = 0; index < TimeBag.BAGS; index++) {
                assertEquals("", clock.check(index, TimeBag.of(index)).differencesTo(TimeBag.of(index)));
                assertEquals("", clock.checkLater(index, TimeBag.of(index)).get(15, TimeUnit.SECONDS)
                        .differencesTo(TimeBag.of(index)));
            }
            FrameCounts seen = tap.counts().minus(before);
            assertEquals(clock == negotiating ? "hessian2-time" : "hessian4", seen.onlyTripleSerialization(),
                    seen.toString());
            assertEquals(1 + 2L * TimeBag.BAGS, seen.totalTripleRequests());
        }
    }

    @Test
    void concurrentCallsInTwoFormatsOnOneMethodAreEachAnsweredInTheirOwn() throws Exception {
        FrameCounts before = tap.counts();
        ExecutorService threads = Executors.newFixedThreadPool(16);
        AtomicInteger wrong = new AtomicInteger();
        List<Future<?>> done = new ArrayList<>();
        int callsPerThread = 60;
        try {
            for (int t = 0; t < 16; t++) {
                Clock clock = t % 2 == 0 ? negotiating : plain;
                boolean async = t % 4 < 2;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < callsPerThread; i++) {
                        int index = i % TimeBag.BAGS;
                        TimeBag answer = async ? clock.checkLater(index, TimeBag.of(index)).get(15, TimeUnit.SECONDS)
                                : clock.check(index, TimeBag.of(index));
                        if (!answer.differencesTo(TimeBag.of(index)).isEmpty()) {
                            wrong.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get(120, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
        FrameCounts seen = tap.awaitCounts(c -> c.minus(before).tripleResponses().values().stream()
                .mapToLong(Long::longValue).sum() == 16L * callsPerThread, 30_000, "every response").minus(before);
        assertEquals(0, wrong.get());
        assertEquals(Map.of("hessian2-time", 8L * callsPerThread, "hessian4", 8L * callsPerThread),
                seen.tripleRequests(), seen.toString());
        assertEquals(seen.tripleRequests(), seen.tripleResponses());
        assertEquals(0, seen.tripleResponsesInAnotherFormat(), seen.toString());
    }

    @Test
    void theProviderKnowsEachCallsFormatWhileItRuns() {
        Instant value = Instant.parse("2025-11-22T10:15:30Z");
        assertEquals("hessian2-time hessian2-time", negotiating.arrivedIn(value));
        assertEquals("hessian4 hessian2", plain.arrivedIn(value));
    }

    @Test
    void theOperatorsCountsAreTheUnaryCallsOnTheWireEachOnceOnBothSidesAndNoStream() throws Exception {
        Map<String, Long> receivedBefore = counted(SerializationStatus.Side.PROVIDER);
        Map<String, Long> sentBefore = counted(SerializationStatus.Side.CONSUMER);
        FrameCounts before = tap.counts();
        Instant value = Instant.parse("2025-11-22T10:15:30.123456789Z");
        for (int i = 0; i < 3; i++) {
            assertEquals(value, negotiating.echo(value));
        }
        assertEquals("", negotiating.checkLater(1, TimeBag.of(1)).get(15, TimeUnit.SECONDS)
                .differencesTo(TimeBag.of(1)));
        for (int i = 0; i < 2; i++) {
            assertEquals(value, plain.echo(value));
        }
        assertEquals(2, streamed(plain, 2).size()); // packed by Dubbo alone: not counted
        FrameCounts seen = tap.awaitCounts(c -> c.minus(before).tripleResponses().values().stream()
                .mapToLong(Long::longValue).sum() == 6 + 2, 30_000, "every response").minus(before);
        assertEquals(Map.of("hessian2-time", 4L, "hessian4", 3L), seen.tripleRequests(), seen.toString());
        Map<String, Long> unary = Map.of("hessian2-time", 4L, "hessian2", 2L);
        assertEquals(unary, since(receivedBefore, counted(SerializationStatus.Side.PROVIDER)), "received");
        assertEquals(unary, since(sentBefore, counted(SerializationStatus.Side.CONSUMER)), "sent");
    }

    /** The calls per serialization that the operator's status counted on {@code side} so far, over its routes. */
    private Map<String, Long> counted(SerializationStatus.Side side) {
        SerializationStatus status = framework.getBeanFactory().getBean(SerializationStatus.class);
        Map<String, Long> totals = new TreeMap<>();
        status.routes().keySet().stream().filter(route -> route.side == side).forEach(route ->
                status.callsOn(route).forEach((name, count) -> totals.merge(name, count, Long::sum)));
        return totals;
    }

    private static Map<String, Long> since(Map<String, Long> before, Map<String, Long> now) {
        Map<String, Long> added = new TreeMap<>();
        now.forEach((name, count) -> {
            if (count != before.getOrDefault(name, 0L)) {
                added.put(name, count - before.getOrDefault(name, 0L));
            }
        });
        return added;
    }

    /** The bags a server stream of {@code count} brought back, once it completed. */
    private static List<TimeBag> streamed(Clock clock, int count) throws Exception {
        List<TimeBag> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<Void> completed = new CompletableFuture<>();
        clock.bags(count, new StreamObserver<TimeBag>() {
            @Override
            public void onNext(TimeBag bag) {
                received.add(bag);
            }

            @Override
            public void onError(Throwable throwable) {
                completed.completeExceptionally(throwable);
            }

            @Override
            public void onCompleted() {
                completed.complete(null);
            }
        });
        completed.get(30, TimeUnit.SECONDS);
        return received;
    }

    @Test
    void streamingMethodsStayOnStockHessian2FromEveryConsumer() throws Exception {
        for (Clock clock : List.of(negotiating, plain)) {
            FrameCounts before = tap.counts();
            List<TimeBag> received = streamed(clock, TimeBag.BAGS);
            assertEquals(TimeBag.BAGS, received.size());
            for (int index = 0; index < TimeBag.BAGS; index++) {
                assertEquals("", received.get(index).differencesTo(TimeBag.of(index)), "bag " + index);
            }
            FrameCounts seen = tap.awaitCounts(c -> c.minus(before).tripleResponses().values().stream()
                    .mapToLong(Long::longValue).sum() == TimeBag.BAGS, 30_000, "every streamed bag").minus(before);
            assertEquals(Map.of("hessian4", 1L), seen.tripleRequests(), seen.toString());
            assertEquals(Map.of("hessian4", (long) TimeBag.BAGS), seen.tripleResponses(), seen.toString());
        }
    }
}
