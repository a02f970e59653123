package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Wrapper;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.PackableMethod;
import org.apache.dubbo.rpc.model.PackableMethodFactory;

/**
 * Wraps Dubbo's {@code default} {@code PackableMethodFactory}, which Triple asks, per method, for the object that
 * turns arguments and results into message bytes and back. Every method gets Dubbo's own packable method; a unary
 * method in Triple's wrapper mode (a plain Java interface, not protobuf) gets it inside a
 * {@link Hessian2TimePackableMethod}, which carries {@code hessian2-time} between peers that both have the jar and
 * answers each call in its own request's format. Everything else stays Dubbo's: protobuf and stub methods,
 * streaming methods, generic ({@code $invoke}) and echo calls, and every call of a peer without the jar. Dubbo's own
 * packable method never sees {@code hessian2-time} first in its URL's list, so these stay on the next name, stock
 * hessian2, even where the consumer's own URL (a direct URL) names hessian2-time first.
 *
 * <p>Wrapping instead of replacing Dubbo's {@code default} extension keeps every decision that is not about
 * hessian2-time with Dubbo's own factory, and does not depend on which {@code default} Dubbo's extension loader would
 * pick. A factory a user configured under another name is not wrapped. Where Triple support is off
 * ({@link TripleSupport}: Dubbo 2.7 has no such SPI, a future Dubbo may change it) this class refuses to load and
 * Dubbo uses its factory unwrapped.
 */
@Wrapper(matches = "default")
public class Hessian2TimePackableMethodFactory implements PackableMethodFactory {

    static {
        if (TripleSupport.UNAVAILABLE != null) {
            throw new IllegalStateException(TripleSupport.UNAVAILABLE);
        }
    }

    private final PackableMethodFactory factory;

    public Hessian2TimePackableMethodFactory(PackableMethodFactory factory) {
        this.factory = factory;
    }

    @Override
    public PackableMethod create(MethodDescriptor method, URL url, String contentType) {
        // Dubbo's own packable method takes the first name of the URL's list without checking that it has it: it
        // never gets a list that starts with hessian2-time (providers never advertise one; a consumer's own URL can)
        PackableMethod dubbos = factory.create(method, TripleAdvertisement.withoutLeadingHessian2Time(url),
                contentType);
        if (!Hessian2TimePackableMethod.carries(method, dubbos)) {
            return dubbos;
        }
        return new Hessian2TimePackableMethod(dubbos, method, url);
    }
}
