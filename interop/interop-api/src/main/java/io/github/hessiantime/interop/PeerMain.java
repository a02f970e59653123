package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.ChildProtocol;
import io.github.hessiantime.testsupport.TimeBag;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.MethodConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ProviderConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.service.GenericService;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A peer JVM driven by the interop tests through test-support's line protocol ({@link ChildProtocol}): one command
 * per stdin line, one answer line each. Arguments: peer name, dubbo port, host to bind, triple port (Dubbo 3 only),
 * and optionally a port-unified port (a dubbo protocol with {@code ext-protocol=tri}, Dubbo 3 only).
 * The host registered may differ (environment {@code DUBBO_IP_TO_REGISTRY}): the tests put a frame tap there.
 *
 * <p>Only Dubbo config API that 2.7, 3.2 and 3.3 share is used, except where a command says otherwise.
 */
public final class PeerMain {

    private final String name;
    private final ApplicationConfig application;
    private final int port;
    private final String host;
    private final int triplePort;
    private final int unifiedPort;
    private final Map<String, TimeService> references = new ConcurrentHashMap<>();
    private final Map<String, GenericService> generics = new ConcurrentHashMap<>();
    /** References to {@link TimeStreams} (Dubbo 3 only), typed Object: see {@link StreamingPeer}. */
    private final Map<String, Object> streams = new ConcurrentHashMap<>();
    private final List<ServiceConfig<Object>> services = new ArrayList<>();
    private Load load;

    private PeerMain(String name, int port, String host, int triplePort, int unifiedPort) {
        this.name = name;
        this.application = new ApplicationConfig(name);
        this.port = port;
        this.host = host;
        this.triplePort = triplePort;
        this.unifiedPort = unifiedPort;
    }

    public static void main(String[] args) throws Exception {
        ChildProtocol protocol = new ChildProtocol();
        PeerMain peer = new PeerMain(args[0], Integer.parseInt(args[1]), args[2], Integer.parseInt(args[3]),
                args.length > 4 ? Integer.parseInt(args[4]) : -1);
        protocol.line("OK started " + args[0]);
        protocol.serve(peer::execute, "exit");
        // stdin closed or "exit": Dubbo's shutdown hook unregisters and drains in-flight calls gracefully.
        System.exit(0);
    }

    private String execute(String[] command) throws Exception {
        switch (command[0]) {
            case "provide":
                // provide <group> <registry> <prefer|-> [protocol shape] [placement] [streams]
                return provide(command[1], command[2], command[3], command.length > 4 ? command[4] : "dubbo",
                        command.length > 5 ? command[5] : "protocol",
                        command.length > 6 && "streams".equals(command[6]));
            case "consume":
                return consume(command[1], command[1], command[2], command[3], "-", "-", null, "-");
            case "consumeas":
                // consumeas <alias> <group> <registry> <loadbalance> <protocol|-> <migration step|-> [provided-by]
                return consume(command[1], command[2], command[3], command[4], command[5], command[6], null,
                        command.length > 7 ? command[7] : "-");
            case "refer":
                // refer <alias> <group> <registry|-> [option=value ...], see refer()
                return refer(command);
            case "sample":
                return sample(command[1]);
            case "genericcall":
                return genericCall(command[1]);
            case "stream":
                // stream <alias> <server|client|bidi>: one stream of TimeStreams through a service=streams reference
                return StreamingPeer.call(streams.get(command[1]), command[2]);
            case "triplelinkage":
                return tripleLinkage();
            case "consumeurl":
                // consumeurl <alias> <group> <direct url>
                return consume(command[1], command[2], "N/A", "random", "-", "-", command[3], "-");
            case "check":
                return check(command[1], Integer.parseInt(command[2]));
            case "names":
                return names(command[1], Integer.parseInt(command[2]));
            case "verdict":
                return verdict(command[1], command[2]);
            case "generic":
                return generic(command[1], command[2]);
            case "load":
                // load <alias> <threads> <max calls> [everyday]: check with corpus bags, or checkEveryday
                load = new Load(references.get(command[1]), Integer.parseInt(command[2]), Long.parseLong(command[3]),
                        command.length > 4 && "everyday".equals(command[4]));
                return "OK loading";
            case "loadstatus":
                return "OK " + load.summary();
            case "stopload":
                load.stop();
                return "OK " + load.summary();
            case "hash":
                return hash(command[1]);
            case "exit":
                return "OK exiting";
            default:
                return "FAIL unknown command " + command[0];
        }
    }

    /**
     * Exports {@code group} on {@code protocolName}: {@code dubbo}, {@code tri}, {@code both} (dubbo and tri, two
     * ports), {@code unified} (dubbo with {@code ext-protocol=tri} on the port-unified port: dubbo and Triple on one
     * port, Dubbo 3.2+), {@code unified-preferred} (the same with {@code preferred-protocol=tri}, Dubbo 3.3), or
     * {@code properties} (the dubbo protocol from {@code dubbo.protocol.*} properties). {@code preferSerialization}
     * ({@code -}: none) is set where {@code placement} says: on the {@code protocol}, provider-wide
     * ({@code provider}, a {@code ProviderConfig}), on the {@code service}, or on every {@code method} (as a
     * method parameter: Dubbo has no method-level attribute for it). {@code streams}: the service is
     * {@link TimeStreams} (Dubbo 3) instead of {@code TimeService}.
     */
    private String provide(String group, String registry, String preferSerialization, String protocolName,
                           String placement, boolean streams) {
        ServiceConfig<Object> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setRegistry(new RegistryConfig(registry));
        service.setInterface(streams ? StreamingPeer.serviceInterface() : TimeService.class);
        service.setGroup(group);
        service.setRef(streams ? StreamingPeer.provider(name) : new Provider(name));
        // protocol objects per export (the same ports, so the same servers): one export's settings, or a refused
        // export's, never leak into the next
        List<ProtocolConfig> exportedOn = new ArrayList<>();
        if (protocolName.startsWith("unified")) {
            ProtocolConfig unified = new ProtocolConfig("dubbo", unifiedPort);
            unified.setExtProtocol("tri");
            if ("unified-preferred".equals(protocolName)) {
                try {
                    unified.setPreferredProtocol("tri");
                } catch (NoSuchMethodError e) {
                    return "FAIL preferred-protocol does not exist in this Dubbo (" + oneLine(e) + ")";
                }
            }
            exportedOn.add(unified);
        } else if (!"tri".equals(protocolName)) {
            exportedOn.add(new ProtocolConfig("dubbo", port));
        }
        if ("tri".equals(protocolName) || "both".equals(protocolName)) {
            exportedOn.add(new ProtocolConfig("tri", triplePort));
        }
        for (ProtocolConfig protocol : exportedOn) {
            protocol.setHost(host);
        }
        if ("properties".equals(protocolName)) {
            // no protocol object: Dubbo builds it from dubbo.protocol.* properties, as with Spring Boot
            exportedOn.clear();
        } else {
            service.setProtocols(exportedOn);
        }
        if (!"-".equals(preferSerialization)) {
            // Dubbo 3.2+ only: the opt-in under test, next to the serialization older consumers use
            switch (placement) {
                case "protocol":
                    // as docs/dubbo.md configures it
                    for (ProtocolConfig protocol : exportedOn) {
                        protocol.setSerialization("hessian2");
                        protocol.setPreferSerialization(preferSerialization);
                    }
                    break;
                case "provider":
                    ProviderConfig provider = new ProviderConfig();
                    provider.setSerialization("hessian2");
                    provider.setPreferSerialization(preferSerialization);
                    service.setProvider(provider);
                    break;
                case "service":
                    service.setSerialization("hessian2");
                    service.setPreferSerialization(preferSerialization);
                    break;
                case "method":
                    List<MethodConfig> methods = new ArrayList<>();
                    for (String method : new String[] {"check", "verify", "name", "accept"}) {
                        MethodConfig config = new MethodConfig();
                        config.setName(method);
                        config.setParameters(Collections.singletonMap("prefer.serialization", preferSerialization));
                        methods.add(config);
                    }
                    service.setMethods(methods);
                    break;
                default:
                    return "FAIL unknown placement " + placement;
            }
        }
        service.export();
        services.add(service);
        return "OK provided " + group;
    }

    /**
     * A reference to {@code group}, kept as {@code alias}: pinned to {@code protocol} unless {@code -}, with the
     * service-discovery migration step {@code migration} (Dubbo 3: {@code FORCE_INTERFACE}, {@code APPLICATION_FIRST},
     * {@code FORCE_APPLICATION}) unless {@code -}, through the registry or, when {@code url} is given, directly;
     * {@code providedBy} (unless {@code -}) names the provider application for application-level discovery.
     */
    private String consume(String alias, String group, String registry, String loadBalance, String protocol,
                           String migration, String url, String providedBy) {
        if (references.containsKey(alias)) {
            return "OK consumed " + alias + " already";
        }
        ReferenceConfig<TimeService> reference = new ReferenceConfig<>();
        reference.setApplication(application);
        if (url != null) {
            reference.setUrl(url);
        } else {
            reference.setRegistry(new RegistryConfig(registry));
        }
        reference.setInterface(TimeService.class);
        reference.setGroup(group);
        reference.setScope("remote");
        reference.setTimeout(15_000);
        reference.setLoadbalance(loadBalance);
        if (!"-".equals(protocol)) {
            reference.setProtocol(protocol);
        }
        if (!"-".equals(migration)) {
            // the per-reference form of dubbo.application.service-discovery.migration
            reference.setParameters(Collections.singletonMap("migration.step", migration));
        }
        if (!"-".equals(providedBy)) {
            reference.setProvidedBy(providedBy);
        }
        references.put(alias, reference.get());
        return "OK consumed " + alias;
    }

    /**
     * {@code refer <alias> <group> <registry|-> [option=value ...]}: a reference to {@code group}, kept as
     * {@code alias}. Options: {@code url} (a direct URL instead of the registry), {@code protocol} (pinned),
     * {@code migration} (the service-discovery migration step of this reference), {@code by} (provided-by: the
     * provider application, for application-level discovery), {@code prefer} (a {@code prefer.serialization} the
     * reference sets itself), {@code generic=true} (a GenericService reference, for {@code genericcall}),
     * {@code service=streams} (a {@link TimeStreams} reference, for {@code stream}).
     */
    private String refer(String[] command) {
        String alias = command[1];
        if (references.containsKey(alias) || generics.containsKey(alias) || streams.containsKey(alias)) {
            return "OK referred " + alias + " already";
        }
        Map<String, String> options = new java.util.HashMap<>();
        for (int i = 4; i < command.length; i++) {
            int equals = command[i].indexOf('=');
            options.put(command[i].substring(0, equals), command[i].substring(equals + 1));
        }
        boolean generic = "true".equals(options.get("generic"));
        boolean streaming = "streams".equals(options.get("service"));
        ReferenceConfig<Object> reference = new ReferenceConfig<>();
        reference.setApplication(application);
        if (options.containsKey("url")) {
            reference.setUrl(options.get("url"));
        } else {
            reference.setRegistry(new RegistryConfig(command[3]));
        }
        if (generic) {
            reference.setInterface(TimeService.class.getName());
            reference.setGeneric("true");
        } else {
            reference.setInterface(streaming ? StreamingPeer.serviceInterface() : TimeService.class);
        }
        reference.setGroup(command[2]);
        reference.setScope("remote");
        reference.setTimeout(15_000);
        Map<String, String> parameters = new java.util.HashMap<>();
        if (options.containsKey("protocol")) {
            reference.setProtocol(options.get("protocol"));
        }
        if (options.containsKey("migration")) {
            parameters.put("migration.step", options.get("migration"));
        }
        if (options.containsKey("prefer")) {
            parameters.put("prefer.serialization", options.get("prefer"));
        }
        if (!parameters.isEmpty()) {
            reference.setParameters(parameters);
        }
        if (options.containsKey("by")) {
            reference.setProvidedBy(options.get("by"));
        }
        Object proxy = reference.get();
        if (generic) {
            generics.put(alias, (GenericService) proxy);
        } else if (streaming) {
            streams.put(alias, proxy);
        } else {
            references.put(alias, (TimeService) proxy);
        }
        return "OK referred " + alias;
    }

    /**
     * Three calls that cover what a format can get wrong: the whole corpus both ways ({@code check} of bag 0), an
     * asynchronous answer ({@code checkLater} of bag 1) and a call without arguments ({@code name}).
     */
    private String sample(String alias) {
        TimeService service = references.get(alias);
        List<String> problems = new ArrayList<>();
        String answeredBy = "";
        try {
            String differences = service.check(0, TimeBag.of(0)).differencesTo(TimeBag.of(0));
            if (!differences.isEmpty()) {
                problems.add("bag 0 came back different: " + differences);
            }
        } catch (Throwable e) {
            problems.add("check: " + oneLine(e));
        }
        try {
            String differences = service.checkLater(1, TimeBag.of(1)).get(15, java.util.concurrent.TimeUnit.SECONDS)
                    .differencesTo(TimeBag.of(1));
            if (!differences.isEmpty()) {
                problems.add("bag 1 came back different: " + differences);
            }
        } catch (Throwable e) {
            problems.add("checkLater: " + oneLine(e));
        }
        try {
            answeredBy = service.name();
        } catch (Throwable e) {
            problems.add("name: " + oneLine(e));
        }
        return problems.isEmpty() ? "OK calls=3 answeredBy=" + answeredBy
                : "FAIL " + problems.size() + " of 3 calls failed or were wrong: " + oneLine(problems);
    }

    /**
     * Generic calls ($invoke) of verify for every bag through the generic reference {@code alias}, twice: the bag as
     * a {@code TimeBag}, and as the map of its fields a generic caller without the class sends (the provider's
     * generic filter builds the {@code TimeBag} from it).
     */
    private String genericCall(String alias) throws IllegalAccessException {
        GenericService service = generics.get(alias);
        int calls = 0;
        for (int index = 0; index < TimeBag.BAGS; index++) {
            for (Object bag : new Object[] {TimeBag.of(index), fieldsOf(TimeBag.of(index))}) {
                Object answer;
                try {
                    answer = service.$invoke("verify", new String[] {"int", TimeBag.class.getName()},
                            new Object[] {index, bag});
                } catch (Throwable e) {
                    return "FAIL generic call for bag " + index + " as " + bag.getClass().getSimpleName() + ": "
                            + oneLine(e);
                }
                if (!("verified " + index).equals(answer)) {
                    return "FAIL generic answer for bag " + index + " as " + bag.getClass().getSimpleName() + ": "
                            + oneLine(answer);
                }
                calls++;
            }
        }
        return "OK generic calls=" + calls;
    }

    /** The public fields of {@code bag} by name: a bean as a generic caller that lacks its class writes it. */
    private static Map<String, Object> fieldsOf(TimeBag bag) throws IllegalAccessException {
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        for (java.lang.reflect.Field field : TimeBag.class.getFields()) {
            if (!java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
                fields.put(field.getName(), field.get(bag));
            }
        }
        return fields;
    }

    /**
     * hessian-time's own check of the Dubbo internals its Triple support relies on, run against this peer's Dubbo:
     * the members it lacks (none on a supported line) and whether Triple support is on. Reflection: the check is
     * not API.
     */
    private String tripleLinkage() throws Exception {
        Class<?> support = Class.forName("io.github.hessiantime.dubbo.TripleSupport");
        java.lang.reflect.Method missing = support.getDeclaredMethod("missingMembers", ClassLoader.class);
        missing.setAccessible(true);
        java.lang.reflect.Field unavailable = support.getDeclaredField("UNAVAILABLE");
        unavailable.setAccessible(true);
        return "OK missing=" + String.valueOf(missing.invoke(null, support.getClassLoader())).replace(" ", "")
                + " unavailable=" + oneLine(unavailable.get(null)).replace(" ", "_");
    }

    /** {@code rounds} no-argument calls ({@code name()}); the provider names that answered. */
    private String names(String alias, int rounds) {
        TimeService service = references.get(alias);
        Map<String, Integer> answers = new java.util.TreeMap<>();
        int failed = 0;
        String first = "";
        for (int i = 0; i < rounds; i++) {
            try {
                answers.merge(service.name(), 1, Integer::sum);
            } catch (Throwable e) {
                failed++;
                first = first.isEmpty() ? oneLine(e) : first;
            }
        }
        String counts = "calls=" + rounds + " failed=" + failed + " answers=" + answers.toString().replace(" ", "");
        return failed == 0 ? "OK " + counts : "FAIL " + counts + " first=" + first;
    }

    /** Sends a new instance of {@code className}: "verdict=passed" if the provider received it, else "refused". */
    private String verdict(String alias, String className) throws Exception {
        Object value = Class.forName(className).getConstructor().newInstance();
        try {
            String arrived = references.get(alias).accept(value);
            return className.equals(arrived) ? "OK verdict=passed"
                    : "OK verdict=changed arrived=" + oneLine(arrived);
        } catch (Throwable e) {
            return "OK verdict=refused why=" + oneLine(e);
        }
    }

    private String check(String group, int rounds) {
        TimeService service = references.get(group);
        int calls = 0;
        int failed = 0;
        int wrong = 0;
        String first = "";
        for (int round = 0; round < rounds; round++) {
            for (int index = 0; index < TimeBag.BAGS; index++) {
                calls++;
                try {
                    String differences = service.check(index, TimeBag.of(index)).differencesTo(TimeBag.of(index));
                    if (!differences.isEmpty()) {
                        wrong++;
                        first = first.isEmpty() ? "bag " + index + " came back different: " + differences : first;
                    }
                } catch (Throwable e) {
                    failed++;
                    first = first.isEmpty() ? "bag " + index + ": " + oneLine(e) : first;
                }
            }
        }
        String counts = "calls=" + calls + " failed=" + failed + " wrong=" + wrong;
        return failed + wrong == 0 ? "OK " + counts : "FAIL " + counts + " first=" + oneLine(first);
    }

    /** Generic invocation ($invoke) of verify for every bag; the provider verifies each bag exactly. */
    private String generic(String group, String registry) {
        ReferenceConfig<GenericService> reference = new ReferenceConfig<>();
        reference.setApplication(application);
        reference.setRegistry(new RegistryConfig(registry));
        reference.setInterface(TimeService.class.getName());
        reference.setGroup(group);
        reference.setGeneric("true");
        reference.setScope("remote");
        reference.setTimeout(15_000);
        GenericService service = reference.get();
        int calls = 0;
        for (int index = 0; index < TimeBag.BAGS; index++) {
            Object answer = service.$invoke("verify", new String[] {"int", TimeBag.class.getName()},
                    new Object[] {index, TimeBag.of(index)});
            if (!("verified " + index).equals(answer)) {
                return "FAIL generic answer for bag " + index + ": " + answer;
            }
            calls++;
        }
        return "OK generic calls=" + calls;
    }

    // Dubbo 3 API: the serialization extension as Dubbo itself would use it for a stream without a URL.
    private String hash(String serializationName) throws Exception {
        Serialization serialization =
                FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).getExtension(serializationName);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput output = serialization.serialize(null, bytes);
        for (int index = 0; index < TimeBag.BAGS; index++) {
            output.writeObject(TimeBag.of(index));
        }
        output.flushBuffer();
        StringBuilder hex = new StringBuilder();
        for (byte b : MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray())) {
            hex.append(String.format("%02x", b));
        }
        return "OK sha256=" + hex + " bytes=" + bytes.size();
    }

    static String oneLine(Object value) {
        return value instanceof Throwable ? ChildProtocol.describe((Throwable) value)
                : ChildProtocol.oneLine(String.valueOf(value));
    }

    /** The provider: checks what it received, answers with its own copy. */
    static final class Provider implements TimeService {
        // answers checkLater from threads of its own, as an asynchronous service does
        private static final java.util.concurrent.Executor LATER = java.util.concurrent.Executors.newFixedThreadPool(4,
                task -> {
                    Thread thread = new Thread(task, "check-later");
                    thread.setDaemon(true);
                    return thread;
                });
        private final String name;

        Provider(String name) {
            this.name = name;
        }

        @Override
        public CompletableFuture<TimeBag> checkLater(int index, TimeBag bag) {
            return CompletableFuture.supplyAsync(() -> check(index, bag), LATER);
        }

        @Override
        public TimeBag check(int index, TimeBag bag) {
            String differences = bag.differencesTo(TimeBag.of(index));
            if (!differences.isEmpty()) {
                throw new IllegalStateException(name + " received bag " + index + " different: " + differences);
            }
            return TimeBag.of(index);
        }

        @Override
        public TimeBag checkEveryday(int index, TimeBag bag) {
            String differences = bag.differencesTo(TimeBag.everyday(index));
            if (!differences.isEmpty()) {
                throw new IllegalStateException(name + " received everyday bag " + index + " different: "
                        + differences);
            }
            return TimeBag.everyday(index);
        }

        @Override
        public String verify(int index, TimeBag bag) {
            check(index, bag);
            return "verified " + index;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String accept(Object value) {
            return value == null ? "null" : value.getClass().getName();
        }
    }

    /** Calls from several threads until stopped, counting calls, failures and wrong answers. */
    static final class Load {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final AtomicLong calls = new AtomicLong();
        private final AtomicLong failed = new AtomicLong();
        private final AtomicLong wrong = new AtomicLong();
        private final List<String> firstProblems = new ArrayList<>();
        private final List<Thread> threads = new ArrayList<>();

        /**
         * Stops by itself after {@code maxCalls} calls, so a lost "stopload" never leaves it running;
         * {@code everyday}: {@code checkEveryday} instead of {@code check}.
         */
        Load(TimeService service, int threadCount, long maxCalls, boolean everyday) {
            for (int t = 0; t < threadCount; t++) {
                final int offset = t;
                Thread thread = new Thread(() -> {
                    for (int index = offset; running.get() && calls.get() < maxCalls; index++) {
                        int bagIndex = Math.floorMod(index, TimeBag.BAGS);
                        try {
                            String differences = everyday
                                    ? service.checkEveryday(index, TimeBag.everyday(index))
                                            .differencesTo(TimeBag.everyday(index))
                                    : service.check(bagIndex, TimeBag.of(bagIndex)).differencesTo(TimeBag.of(bagIndex));
                            if (!differences.isEmpty()) {
                                wrong.incrementAndGet();
                                problem("wrong bag " + bagIndex + ": " + differences);
                            }
                        } catch (Throwable e) {
                            failed.incrementAndGet();
                            problem(oneLine(e));
                        }
                        calls.incrementAndGet();
                    }
                }, "load-" + t);
                thread.start();
                threads.add(thread);
            }
        }

        private void problem(String text) {
            synchronized (firstProblems) {
                if (firstProblems.size() < 3) {
                    firstProblems.add(oneLine(text));
                }
            }
        }

        void stop() throws InterruptedException {
            running.set(false);
            for (Thread thread : threads) {
                thread.join(30_000);
            }
        }

        String summary() {
            synchronized (firstProblems) {
                return "calls=" + calls.get() + " failed=" + failed.get() + " wrong=" + wrong.get()
                        + " problems=" + firstProblems;
            }
        }
    }
}
