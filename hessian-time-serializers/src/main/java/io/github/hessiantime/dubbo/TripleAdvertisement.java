package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.config.AbstractServiceConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.registry.client.InstanceAddressURL;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.ServiceDescriptor;
import org.apache.dubbo.rpc.model.ServiceModel;
import org.apache.dubbo.rpc.protocol.PermittedSerializationKeeper;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a provider offers {@code hessian2-time} so that no caller breaks, and how a peer with the jar reads the offer
 * back (one per framework, a bean of its {@code FrameworkModel}, used by {@link Hessian2TimeProtocolWrapper} and the
 * Triple packable methods; not API).
 *
 * <p>The {@code dubbo} protocol negotiates: its consumer takes the first name of {@code prefer.serialization} that it
 * has an extension for. Triple does not: its consumer takes the first name, whether it has it or not. So a list that
 * starts with {@code hessian2-time} must never reach a consumer without the jar that reads it for Triple. That is
 * any URL of a protocol other than {@code dubbo}, and a {@code dubbo} URL of a service that can also be called over
 * Triple: with port unification ({@code ext-protocol}, which 3.3 consumers turn into Triple with the dubbo URL's
 * parameters), or exported on another protocol too (application-level discovery then answers a Triple invoker with
 * the parameters of whichever service entry it finds first). On such URLs, when {@code hessian2-time} leads
 * {@code prefer.serialization}, the provider moves it out: the list keeps the other names (what every consumer
 * without the jar takes, as before) and the whole list goes to {@value #MARKER_KEY}, a parameter only hessian-time
 * reads. A {@code dubbo} URL of a service reachable over {@code dubbo} only is left exactly as it was.
 *
 * <p>A consumer with the jar reads the marker back ({@link #negotiated}) wherever Dubbo gives it the provider's
 * parameters: from the registry, from application-level metadata and in a direct URL. Over {@code dubbo} the
 * protocol wrapper restores the list on the invoker's URL, so Dubbo's own negotiation picks id 26; over Triple the
 * packable method takes {@code hessian2-time} when it is the first name of that list the consumer has. A list that a
 * consumer set itself on its reference wins over the marker (Dubbo merges it over the provider's).
 */
public final class TripleAdvertisement {

    static final String PREFER_KEY = "prefer.serialization";
    /** The whole {@code prefer.serialization} list, hessian2-time first, where it could not stay in that list. */
    static final String MARKER_KEY = "hessian2-time-prefer-serialization";
    private static final String EXT_PROTOCOL_KEY = "ext.protocol";
    private static final String PORT_UNIFICATION_SERVER_KEY = "ispuserver";

    private final FrameworkModel framework;
    private final Set<Method> offeredMethods = ConcurrentHashMap.newKeySet();

    public TripleAdvertisement(FrameworkModel framework) {
        this.framework = framework;
    }

    /**
     * The service URL a provider exports and registers instead of {@code service}: as it is, or with hessian2-time
     * moved from {@code prefer.serialization} to the marker (without a marker when Triple support is off). Records
     * the service's methods as offering hessian2-time over Triple, and keeps id 26 accepted over {@code dubbo} for a
     * rewritten dubbo URL (Dubbo permits the ids of the URLs it exports, which no longer name it).
     */
    URL advertise(URL service) {
        List<String> names = names(service.getParameter(PREFER_KEY));
        boolean offered = names.contains(Hessian2TimeSerialization.NAME) || service.hasParameter(MARKER_KEY);
        // a provider only advertises over Triple what it will accept there: the service's methods must be known
        boolean acceptedOverTriple = offered && TripleSupport.UNAVAILABLE == null && recordOffer(service);
        if (names.isEmpty() || !Hessian2TimeSerialization.NAME.equals(names.get(0)) || !readableOverTriple(service)) {
            return service;
        }
        URL result = stripped(service);
        if (!acceptedOverTriple) {
            return result;
        }
        if (isDubbo(service)) {
            framework.getBeanFactory().getOrRegisterBean(PermittedSerializationKeeper.class).registerService(service);
        }
        return result.addParameter(MARKER_KEY, join(names));
    }

    /** Whether this framework's provider offers hessian2-time over Triple for {@code method}. */
    boolean offers(MethodDescriptor method) {
        Method reflected = method.getMethod();
        return reflected != null && offeredMethods.contains(reflected);
    }

    /** Records {@code service}'s methods as offering hessian2-time; false when the service's methods are unknown. */
    private boolean recordOffer(URL service) {
        ServiceModel model = service.getServiceModel();
        ServiceDescriptor descriptor = model == null ? null : model.getServiceModel();
        if (descriptor == null) {
            return false;
        }
        for (MethodDescriptor method : descriptor.getAllMethods()) {
            if (method.getMethod() != null) {
                offeredMethods.add(method.getMethod());
            }
        }
        return true;
    }

    /**
     * Whether a consumer may read {@code service}'s parameters for a Triple call: any protocol but {@code dubbo}
     * (and the in-JVM one), a port-unified {@code dubbo} URL, and a {@code dubbo} URL of a service that is also
     * exported on another protocol or with {@code ext-protocol}.
     */
    static boolean readableOverTriple(URL service) {
        if (!isDubbo(service)) {
            return !"injvm".equals(service.getProtocol());
        }
        if (!service.getParameter(EXT_PROTOCOL_KEY, "").trim().isEmpty()
                || service.getParameter(PORT_UNIFICATION_SERVER_KEY, false)) {
            return true;
        }
        try {
            ServiceModel model = service.getServiceModel();
            if (model == null || !(model.getConfig() instanceof AbstractServiceConfig)) {
                return false;
            }
            List<ProtocolConfig> protocols = ((AbstractServiceConfig) model.getConfig()).getProtocols();
            if (protocols == null) {
                return false;
            }
            for (ProtocolConfig protocol : protocols) {
                String extProtocol = protocol.getExtProtocol();
                if (!"dubbo".equals(protocol.getName()) || (extProtocol != null && !extProtocol.trim().isEmpty())) {
                    return true;
                }
            }
            return false;
        } catch (LinkageError changed) {
            // a Dubbo whose config API has another shape (TripleSupport has warned): assume Triple can read it
            return true;
        }
    }

    /** Whether {@code exported} is a service export that Triple calls arrive through (not a registry, not dubbo). */
    static boolean carriesTripleCalls(URL exported) {
        String protocol = exported.getProtocol();
        return "tri".equals(protocol) || "grpc".equals(protocol);
    }

    private static boolean isDubbo(URL url) {
        String protocol = url.getProtocol();
        return protocol == null || "dubbo".equals(protocol);
    }

    /**
     * The prefer list a peer with the jar negotiates with: the provider's whole list when {@code url} carries the
     * marker and its {@code prefer.serialization} is still what the provider left there; otherwise
     * {@code prefer.serialization} itself (a direct URL, a list the consumer set, a provider without the marker).
     * {@code null} when there is neither.
     */
    static String negotiated(URL url) {
        return negotiated(url.getParameter(PREFER_KEY), url.getParameter(MARKER_KEY));
    }

    /** {@link #negotiated(URL)} from the two parameters' values. */
    static String negotiated(String prefer, String marker) {
        if (marker != null && !marker.isEmpty()) {
            List<String> offered = names(marker);
            if (!offered.isEmpty() && offered.subList(1, offered.size()).equals(names(prefer))) {
                return join(offered);
            }
        }
        return prefer;
    }

    /**
     * {@code url} for Dubbo's own Triple packable method: without hessian2-time where it leads
     * {@code prefer.serialization}, so Dubbo's methods (streaming, generic) never send it. An application-level
     * instance URL is left as it is: its parameters are the provider's, which never lead with hessian2-time, and
     * adding one would change the instance itself.
     */
    static URL withoutLeadingHessian2Time(URL url) {
        // only reached where Triple support is on, so Dubbo's registry classes are there (TripleSupport)
        return url instanceof InstanceAddressURL ? url : stripped(url);
    }

    /** {@code url} without hessian2-time where it leads {@code prefer.serialization}; the parameter goes if empty. */
    private static URL stripped(URL url) {
        List<String> names = names(url.getParameter(PREFER_KEY));
        if (names.isEmpty() || !Hessian2TimeSerialization.NAME.equals(names.get(0))) {
            return url;
        }
        String kept = join(names.subList(1, names.size()));
        return kept.isEmpty() ? url.removeParameter(PREFER_KEY) : url.addParameter(PREFER_KEY, kept);
    }

    /**
     * Whether a consumer with the jar sends a unary wrapper-mode Triple call on {@code url} (its invoker's URL) in
     * hessian2-time: when the negotiated list ({@link #negotiated}) has it as the first name {@code framework} has a
     * serialization for, as the {@code dubbo} protocol negotiates. The one place this is decided: the packable method
     * sends what it says ({@link Hessian2TimePackableMethod}), and {@link SerializationStatus} shows it.
     */
    static boolean sendsHessian2Time(URL url, FrameworkModel framework) {
        return picksHessian2Time(negotiated(url), framework);
    }

    /** Whether the first name of {@code list} that {@code framework} has a serialization for is hessian2-time. */
    static boolean picksHessian2Time(String list, FrameworkModel framework) {
        for (String name : names(list)) {
            if (framework.getExtensionLoader(Serialization.class).hasExtension(name)) {
                return Hessian2TimeSerialization.NAME.equals(name);
            }
        }
        return false;
    }

    /** The names of a comma-separated list, trimmed, empty ones dropped. */
    static List<String> names(String list) {
        List<String> names = new ArrayList<>();
        if (list != null) {
            for (String name : list.split(",")) {
                String trimmed = name.trim();
                if (!trimmed.isEmpty()) {
                    names.add(trimmed);
                }
            }
        }
        return names;
    }

    private static String join(List<String> names) {
        return String.join(",", names);
    }
}
