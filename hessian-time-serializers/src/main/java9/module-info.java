/**
 * hessian-time on the module path (Java 9+; the library itself is Java 8 bytecode, this descriptor is the only
 * class under {@code META-INF/versions/9}). Exported is what a user types and what Dubbo instantiates; the payload
 * and hessian layers and the wire marker classes are internal and stay unreachable.
 */
module io.github.hessiantime {
    // Users bring their own hessian-lite and, for the Dubbo integration, Dubbo (automatic modules on the module path).
    requires static hessian.lite;
    requires static dubbo;

    exports io.github.hessiantime;
    exports io.github.hessiantime.dubbo;
}
