package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.remoting.utils.UrlUtils;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ScopeModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What this framework's services and references do with each serialization, for the {@code hessian2Time} QoS
 * command ({@link Hessian2TimeCommand}) and Dubbo's metrics ({@link Hessian2TimeMetricsCollector}): the services it
 * exports and the provider addresses it calls, each with the format Dubbo uses there (read from the URL the way Dubbo
 * reads it), and the calls per format since start. One per {@code FrameworkModel}, a bean of its bean factory (no
 * static state); Dubbo's own internal services (the MetadataService) are left out.
 *
 * <p>Fed by {@link Hessian2TimeServiceListener} (exports and references, as Dubbo creates and destroys them) and by
 * the calls themselves: {@link SerializationCallsFilter} for the dubbo protocol, and any other protocol path through
 * {@link #callReceived} and {@link #callSent}, with the serialization the call really used.
 */
final class SerializationStatus {

    /** Which end of a call. */
    enum Side { PROVIDER, CONSUMER }

    static final String DUBBO = "dubbo";
    private static final String INJVM = "injvm";

    private final FrameworkModel framework;
    private final ConcurrentMap<Route, Endpoint> endpoints = new ConcurrentHashMap<>();
    private final ConcurrentMap<Route, ConcurrentMap<String, LongAdder>> calls = new ConcurrentHashMap<>();
    // the counters of a call's route, found per call by the invoker's URL object and the call's service key: Dubbo
    // shares one URL object among the services of a provider instance (application-level discovery, whose URL
    // answers for the service of the current call), so the URL alone does not say which service
    private final ConcurrentMap<CallSite, ConcurrentMap<String, LongAdder>> callSites = new ConcurrentHashMap<>();
    // grows with every new route and serialization counted: the metrics know when a new series appeared
    private final AtomicInteger series = new AtomicInteger();
    private volatile String[] namesById;

    SerializationStatus(FrameworkModel framework) {
        this.framework = framework;
    }

    // ----- exports and references (Hessian2TimeServiceListener)
    // What a URL says is read when Dubbo reports it, in Dubbo's thread: an application-level URL answers through the
    // RpcContext of the thread that reads it, and a QoS thread has none.

    void exported(URL url) {
        if (counted(url)) {
            endpoints.computeIfAbsent(Route.of(Side.PROVIDER, url), route -> new Endpoint()).add(seen(url));
        }
    }

    void unexported(URL url) {
        remove(url);
    }

    void referred(URL url) {
        if (counted(url)) {
            endpoints.computeIfAbsent(Route.of(Side.CONSUMER, url), route -> new Endpoint()).add(seen(url));
        }
    }

    void destroyed(URL url) {
        remove(url);
    }

    private Seen seen(URL url) {
        return new Seen(url, formatOf(url), advertised(url));
    }

    /** Forgets what {@code url} said, by identity (what an application-level URL says depends on the thread). */
    private void remove(URL url) {
        endpoints.forEach((route, endpoint) -> {
            if (endpoint.remove(url)) {
                endpoints.remove(route, endpoint);
            }
        });
        // the counters stay with their route; only the way to them by this URL object goes
        callSites.keySet().removeIf(site -> site.url == url);
    }

    // ----- calls

    /**
     * One call a provider received in {@code serialization} (a Serialization extension name) on the service of
     * {@code serviceUrl} (the exported URL: its application, service key and protocol). For protocol paths other
     * than dubbo's, which {@link SerializationCallsFilter} counts itself; call it in the call's thread.
     */
    void callReceived(URL serviceUrl, String serialization) {
        count(Side.PROVIDER, serviceUrl, serialization);
    }

    /**
     * One call a consumer sent in {@code serialization} to the provider of {@code providerUrl} (the invoker's URL: its
     * application, service key, protocol and address). For protocol paths other than dubbo's; call it in the call's
     * thread.
     */
    void callSent(URL providerUrl, String serialization) {
        count(Side.CONSUMER, providerUrl, serialization);
    }

    /** The dubbo protocol's form: the serialization id Dubbo stored in the invocation. */
    void count(Side side, URL url, byte serializationId) {
        count(side, url, nameOf(serializationId));
    }

    private void count(Side side, URL url, String serialization) {
        if (!counted(url)) {
            return;
        }
        CallSite site = new CallSite(side, url, url.getServiceKey());
        ConcurrentMap<String, LongAdder> perFormat = callSites.get(site);
        if (perFormat == null) {
            perFormat = callSites.computeIfAbsent(site, key ->
                    calls.computeIfAbsent(Route.of(side, url), route -> new ConcurrentHashMap<>()));
        }
        LongAdder adder = perFormat.get(serialization);
        if (adder == null) {
            adder = perFormat.computeIfAbsent(serialization, name -> {
                series.incrementAndGet();
                return new LongAdder();
            });
        }
        adder.increment();
    }

    // ----- what the command and the metrics read

    /** Every route with an endpoint now or calls since start, sorted: providers first, then by service. */
    List<RouteStatus> routes() {
        TreeMap<Route, RouteStatus> routes = new TreeMap<>();
        endpoints.forEach((route, endpoint) -> routes.put(route, status(route, endpoint.latest())));
        calls.keySet().forEach(route -> routes.computeIfAbsent(route, key -> status(key, null)));
        return new ArrayList<>(routes.values());
    }

    private RouteStatus status(Route route, Seen seen) {
        Map<String, Long> perFormat = new TreeMap<>();
        ConcurrentMap<String, LongAdder> counted = calls.get(route);
        if (counted != null) {
            counted.forEach((name, adder) -> perFormat.put(name, adder.sum()));
        }
        return new RouteStatus(route, seen, Collections.unmodifiableMap(perFormat));
    }

    /** The live counter of each route and format, for the metrics (read on every scrape). */
    Map<Route, Map<String, LongAdder>> counters() {
        Map<Route, Map<String, LongAdder>> copy = new TreeMap<>();
        calls.forEach((route, perFormat) -> copy.put(route, new TreeMap<>(perFormat)));
        return copy;
    }

    /** Grows with each new route and format counted: the metrics register new series when it changed. */
    int seriesCount() {
        return series.get();
    }

    /**
     * The serialization a call on {@code url} uses, as Dubbo picks it: on the dubbo protocol the first name of
     * {@code prefer.serialization} this application has, else {@code serialization}, else the default
     * ({@code UrlUtils.serializationId}); on other protocols the first name of that list without the check
     * ({@code UrlUtils.serializationOrDefault}, what Triple uses).
     */
    String formatOf(URL url) {
        if (DUBBO.equals(url.getProtocol())) {
            Byte id = UrlUtils.serializationId(url);
            return id == null ? "?" : nameOf(id);
        }
        return UrlUtils.serializationOrDefault(url);
    }

    /** The extension name of a serialization id, from this framework's Serialization extensions. */
    String nameOf(byte id) {
        String[] names = namesById;
        if (names == null) {
            names = new String[32]; // the dubbo header's 5 bits
            ExtensionLoader<Serialization> loader = framework.getExtensionLoader(Serialization.class);
            for (String name : loader.getSupportedExtensions()) {
                try {
                    int contentTypeId = loader.getExtension(name).getContentTypeId() & 0x1f;
                    if (names[contentTypeId] == null) {
                        names[contentTypeId] = name;
                    }
                } catch (RuntimeException | LinkageError unavailable) {
                    // an extension whose library is missing: no call can have used it
                }
            }
            namesById = names;
        }
        String name = names[id & 0x1f];
        return name != null ? name : "id " + id;
    }

    /** Only what goes over a wire, and only the application's own services (not Dubbo's MetadataService). */
    private static boolean counted(URL url) {
        if (url == null || INJVM.equals(url.getProtocol())) {
            return false;
        }
        ScopeModel scope = url.getScopeModel();
        return scope == null || !scope.isInternal();
    }

    /**
     * Where calls go: a provider's exported service on one protocol, or a consumer's reference to one provider
     * address on one protocol.
     */
    static final class Route implements Comparable<Route> {
        final Side side;
        final String application;
        final String serviceKey;
        final String protocol;
        final String address; // "" on the provider side
        final String group;
        final String version;
        final String serviceInterface;

        private Route(Side side, URL url) {
            this.side = side;
            this.application = nonNull(url.getApplication());
            this.serviceKey = nonNull(url.getServiceKey());
            this.protocol = nonNull(url.getProtocol());
            this.address = side == Side.PROVIDER ? "" : nonNull(url.getAddress());
            this.group = nonNull(url.getGroup());
            this.version = nonNull(url.getVersion());
            this.serviceInterface = nonNull(url.getServiceInterface());
        }

        static Route of(Side side, URL url) {
            return new Route(side, url);
        }

        private static String nonNull(String value) {
            return value == null ? "" : value;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Route)) {
                return false;
            }
            Route that = (Route) other;
            return side == that.side && application.equals(that.application) && serviceKey.equals(that.serviceKey)
                    && protocol.equals(that.protocol) && address.equals(that.address);
        }

        @Override
        public int hashCode() {
            return Objects.hash(side, application, serviceKey, protocol, address);
        }

        @Override
        public int compareTo(Route other) {
            int order = side.compareTo(other.side);
            for (int i = 0; order == 0 && i < 4; i++) {
                order = field(i).compareTo(other.field(i));
            }
            return order;
        }

        private String field(int index) {
            switch (index) {
                case 0: return serviceKey;
                case 1: return protocol;
                case 2: return address;
                default: return application;
            }
        }
    }

    /** A route as the command shows it: what its URL said when Dubbo reported it (null when gone), its calls. */
    static final class RouteStatus {
        final Route route;
        final Seen seen;
        final Map<String, Long> calls;

        RouteStatus(Route route, Seen seen, Map<String, Long> calls) {
            this.route = route;
            this.seen = seen;
            this.calls = calls;
        }
    }

    /** What a reported URL said: the serialization calls use there and what it advertises. */
    static final class Seen {
        final URL url;
        final String format;
        /** {@code prefer.serialization}, then {@code serialization} if not in it: what the URL lists, in order. */
        final String advertised;

        Seen(URL url, String format, String advertised) {
            this.url = url;
            this.format = format;
            this.advertised = advertised;
        }

        /** Whether the URL advertises hessian2-time. */
        boolean offersHessian2Time() {
            return Arrays.asList(advertised.split(",")).contains(Hessian2TimeSerialization.NAME);
        }
    }

    private static String advertised(URL url) {
        List<String> names = new ArrayList<>(UrlUtils.preferSerialization(url));
        String serialization = url.getParameter("serialization");
        if (serialization != null && !names.contains(serialization)) {
            names.add(serialization);
        }
        return String.join(",", names);
    }

    /** A call's way to its counters: the invoker's URL object (identity) and the call's service key. */
    private static final class CallSite {
        final Side side;
        final URL url;
        final String serviceKey;

        CallSite(Side side, URL url, String serviceKey) {
            this.side = side;
            this.url = url;
            this.serviceKey = serviceKey == null ? "" : serviceKey;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof CallSite)) {
                return false;
            }
            CallSite that = (CallSite) other;
            return url == that.url && side == that.side && serviceKey.equals(that.serviceKey);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(url) * 31 + serviceKey.hashCode();
        }
    }

    /** The live URLs of one route (a consumer can hold two invokers for one address: interface- and app-level). */
    private static final class Endpoint {
        private final List<Seen> seen = new ArrayList<>();

        synchronized void add(Seen url) {
            seen.add(url);
        }

        /** Removes what {@code url} said; whether nothing is left. */
        synchronized boolean remove(URL url) {
            seen.removeIf(entry -> entry.url == url);
            return seen.isEmpty();
        }

        synchronized Seen latest() {
            return seen.isEmpty() ? null : seen.get(seen.size() - 1);
        }
    }
}
