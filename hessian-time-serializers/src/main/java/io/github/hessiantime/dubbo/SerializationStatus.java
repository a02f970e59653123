package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.remoting.utils.UrlUtils;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ScopeModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
 * <p>Fed by {@link Hessian2TimeProtocolWrapper} (exports and references, as Dubbo creates and destroys them, and
 * the calls themselves, each counted once, in the serialization it really used: the dubbo protocol's calls and a
 * provider's Triple calls ({@link #callReceived})), and by {@link Hessian2TimePackableMethod} for a
 * consumer's Triple calls ({@link #callSent}). Triple counts cover unary calls of plain interfaces (wrapper mode),
 * whose format hessian-time's packable method knows; streaming, generic and echo calls are not counted.
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
    private final ConcurrentMap<CallSite, ConcurrentMap<String, LongAdder>> received = new ConcurrentHashMap<>();
    private final ConcurrentMap<CallSite, ConcurrentMap<String, LongAdder>> sent = new ConcurrentHashMap<>();
    // grows with every new route and serialization counted: the metrics know when a new series appeared
    private final AtomicInteger series = new AtomicInteger();
    private volatile String[] namesById;

    SerializationStatus(FrameworkModel framework) {
        this.framework = framework;
    }

    // ----- exports and references (Hessian2TimeProtocolWrapper)
    // What a URL says is read when Dubbo reports it, in Dubbo's thread: an application-level URL answers through the
    // RpcContext of the thread that reads it, and a QoS thread has none.

    void exported(URL url) {
        if (counted(url)) {
            endpoints.computeIfAbsent(Route.of(Side.PROVIDER, url), route -> new Endpoint()).add(url, seen(url));
        }
    }

    void unexported(URL url) {
        remove(url);
    }

    void referred(URL url) {
        if (counted(url)) {
            endpoints.computeIfAbsent(Route.of(Side.CONSUMER, url), route -> new Endpoint()).add(url, seen(url));
        }
    }

    void destroyed(URL url) {
        remove(url);
    }

    private Seen seen(URL url) {
        return new Seen(formatOf(url), advertised(url));
    }

    /** Forgets what {@code url} said, by identity (what an application-level URL says depends on the thread). */
    private void remove(URL url) {
        endpoints.forEach((route, endpoint) -> {
            if (endpoint.remove(url)) {
                endpoints.remove(route, endpoint);
            }
        });
        // the counters stay with their route; only the way to them by this URL object goes
        received.keySet().removeIf(site -> site.url == url);
        sent.keySet().removeIf(site -> site.url == url);
    }

    // ----- calls

    /**
     * One call a provider received in {@code serialization} (a Serialization extension name) on the service of
     * {@code serviceUrl} (the exported URL: its application, service key and protocol). For protocol paths other
     * than dubbo's, which {@link Hessian2TimeProtocolWrapper} counts itself; call it in the call's thread.
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
        ConcurrentMap<CallSite, ConcurrentMap<String, LongAdder>> sites = side == Side.PROVIDER ? received : sent;
        CallSite site = new CallSite(url, url.getServiceKey());
        ConcurrentMap<String, LongAdder> perFormat = sites.get(site);
        if (perFormat == null) {
            perFormat = sites.computeIfAbsent(site, key ->
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

    /**
     * Every route with an endpoint now or calls since start, sorted (providers first, then by service), with what
     * its URL said when Dubbo last reported it, or null when it is gone.
     */
    Map<Route, Seen> routes() {
        TreeMap<Route, Seen> routes = new TreeMap<>();
        endpoints.forEach((route, endpoint) -> routes.put(route, endpoint.latest()));
        calls.keySet().forEach(route -> routes.putIfAbsent(route, null));
        return routes;
    }

    /** The calls on {@code route} per serialization since start. */
    Map<String, Long> callsOn(Route route) {
        Map<String, Long> perFormat = new TreeMap<>();
        ConcurrentMap<String, LongAdder> counted = calls.get(route);
        if (counted != null) {
            counted.forEach((name, adder) -> perFormat.put(name, adder.sum()));
        }
        return perFormat;
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

    /** The serialization a call on {@code url} uses in this framework, see {@link #formatOf(URL, boolean)}. */
    String formatOf(URL url) {
        return formatOf(url, TripleSupport.UNAVAILABLE == null);
    }

    /**
     * The serialization a call on {@code url} (a consumer's invoker URL) uses, decided where the call decides it:
     * <ul>
     *   <li>dubbo protocol: Dubbo's negotiation ({@code UrlUtils.serializationId}: the first name of
     *       {@code prefer.serialization} this application has, else {@code serialization}, else the default), over
     *       the provider's whole list where its URL carries hessian-time's marker and Triple support is on (what
     *       {@link NegotiatingReference} gives Dubbo);</li>
     *   <li>Triple with Triple support on: for unary calls of plain interfaces, hessian2-time where the consumer's
     *       packable method sends it ({@link TripleAdvertisement#sendsHessian2Time}, the same decision), else what
     *       Dubbo's own packing takes: the first name of the list without a check
     *       ({@code UrlUtils.serializationOrDefault}), never a leading hessian2-time
     *       ({@link TripleAdvertisement#withoutLeadingHessian2Time});</li>
     *   <li>Triple without Triple support, and other protocols: {@code UrlUtils.serializationOrDefault} on the URL as
     *       it is (the marker means nothing there).</li>
     * </ul>
     */
    String formatOf(URL url, boolean tripleSupport) {
        if (DUBBO.equals(url.getProtocol())) {
            if (tripleSupport
                    && TripleAdvertisement.picksHessian2Time(TripleAdvertisement.negotiated(url), framework)) {
                return Hessian2TimeSerialization.NAME;
            }
            Byte id = UrlUtils.serializationId(url);
            return id == null ? "?" : nameOf(id);
        }
        if (tripleSupport && TripleAdvertisement.carriesTripleCalls(url)) {
            return TripleAdvertisement.sendsHessian2Time(url, framework) ? Hessian2TimeSerialization.NAME
                    : UrlUtils.serializationOrDefault(TripleAdvertisement.withoutLeadingHessian2Time(url));
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
     * address on one protocol, of one application.
     */
    static final class Route implements Comparable<Route> {
        final Side side;
        // what tells routes apart, in the order they sort by: service key (group/interface:version), protocol,
        // address ("" on the provider side), application
        private final List<String> key;

        private Route(Side side, List<String> key) {
            this.side = side;
            this.key = key;
        }

        static Route of(Side side, URL url) {
            return new Route(side, Arrays.asList(nonNull(url.getServiceKey()), nonNull(url.getProtocol()),
                    side == Side.PROVIDER ? "" : nonNull(url.getAddress()), nonNull(url.getApplication())));
        }

        private static String nonNull(String value) {
            return value == null ? "" : value;
        }

        String serviceKey() {
            return key.get(0);
        }

        String protocol() {
            return key.get(1);
        }

        String address() {
            return key.get(2);
        }

        String application() {
            return key.get(3);
        }

        /** The service key's group, before its "/" (Dubbo writes group/interface:version). */
        String group() {
            int slash = serviceKey().indexOf('/');
            return slash < 0 ? "" : serviceKey().substring(0, slash);
        }

        String serviceInterface() {
            String withoutGroup = serviceKey().substring(serviceKey().indexOf('/') + 1);
            int colon = withoutGroup.indexOf(':');
            return colon < 0 ? withoutGroup : withoutGroup.substring(0, colon);
        }

        String version() {
            int colon = serviceKey().indexOf(':', serviceKey().indexOf('/') + 1);
            return colon < 0 ? "" : serviceKey().substring(colon + 1);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Route && side == ((Route) other).side && key.equals(((Route) other).key);
        }

        @Override
        public int hashCode() {
            return side.hashCode() * 31 + key.hashCode();
        }

        @Override
        public int compareTo(Route other) {
            int order = side.compareTo(other.side);
            for (int i = 0; order == 0 && i < key.size(); i++) {
                order = key.get(i).compareTo(other.key.get(i));
            }
            return order;
        }
    }

    /** What a reported URL said: the serialization calls use there, and what it advertises. */
    static final class Seen {
        final String format;
        /**
         * The provider's prefer list ({@code prefer.serialization}, or the whole list in hessian-time's marker,
         * {@link TripleAdvertisement#negotiated}), then {@code serialization} if not in it: what the URL offers, in
         * order.
         */
        final String advertised;

        Seen(String format, String advertised) {
            this.format = format;
            this.advertised = advertised;
        }

        /** Whether the URL advertises hessian2-time. */
        boolean offersHessian2Time() {
            return Arrays.asList(advertised.split(",")).contains(Hessian2TimeSerialization.NAME);
        }
    }

    private static String advertised(URL url) {
        List<String> names = TripleAdvertisement.names(TripleAdvertisement.negotiated(url));
        String serialization = url.getParameter("serialization");
        if (serialization != null && !names.contains(serialization)) {
            names.add(serialization);
        }
        return String.join(",", names);
    }

    /** A call's way to its counters: the invoker's URL object (identity) and the call's service key. */
    private static final class CallSite {
        final URL url;
        final String serviceKey;

        CallSite(URL url, String serviceKey) {
            this.url = url;
            this.serviceKey = serviceKey == null ? "" : serviceKey;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof CallSite && url == ((CallSite) other).url
                    && serviceKey.equals(((CallSite) other).serviceKey);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(url) * 31 + serviceKey.hashCode();
        }
    }

    /**
     * The live URLs of one route and what each said, oldest first (a consumer can hold two invokers for one address:
     * interface- and application-level).
     */
    private static final class Endpoint {
        private final List<URL> urls = new ArrayList<>();
        private final List<Seen> said = new ArrayList<>();

        synchronized void add(URL url, Seen seen) {
            urls.add(url);
            said.add(seen);
        }

        /** Forgets {@code url} (by identity); whether nothing is left. */
        synchronized boolean remove(URL url) {
            for (int i = urls.size() - 1; i >= 0; i--) {
                if (urls.get(i) == url) {
                    urls.remove(i);
                    said.remove(i);
                }
            }
            return urls.isEmpty();
        }

        synchronized Seen latest() {
            return said.isEmpty() ? null : said.get(said.size() - 1);
        }
    }
}
