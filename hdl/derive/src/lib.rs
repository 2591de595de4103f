//! `#[derive(Ports)]`: the top-level ports of a block, or the signals of an interface, taken
//! from the struct's fields, so that a top's port list is declared once, by the block.
//!
//! The ports are the fields of type `Signal<In|Out|InOut, _>` (or arrays of them) and the fields
//! marked `#[port]` (an interface, or an array of interfaces); every other field of a block is
//! inside it. The same rule holds for an interface (`#[derive(LogicInterface, Ports)]`), whose
//! nested interfaces are marked `#[port]` too. Ports are listed in declaration order, named by
//! their field path joined with `_` (`s_axil_awaddr`, `link_0_phy_txd`), which is the name the
//! emitted Verilog gives them. The trait is `nicgen_hdl::top::Ports`; `make verilog` holds every
//! top's list to its module header, so a field left unmarked is reported there.

use proc_macro::TokenStream;
use quote::quote;
use syn::{parse_macro_input, Data, DeriveInput, Fields, GenericArgument, PathArguments, Type};

#[proc_macro_derive(Ports, attributes(port))]
pub fn derive_ports(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match ports(&input) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// `Signal<In|Out|InOut, _>`, or an array of it.
fn is_port_signal(ty: &Type) -> bool {
    match ty {
        Type::Array(a) => is_port_signal(&a.elem),
        Type::Path(p) => {
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            if last.ident != "Signal" {
                return false;
            }
            let PathArguments::AngleBracketed(args) = &last.arguments else {
                return false;
            };
            matches!(args.args.first(), Some(GenericArgument::Type(Type::Path(d)))
                if ["In", "Out", "InOut"].iter().any(|n| d.path.is_ident(n)))
        }
        _ => false,
    }
}

fn ports(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(
            input,
            "Ports: only structs have ports",
        ));
    };
    let Fields::Named(named) = &data.fields else {
        return Err(syn::Error::new_spanned(
            input,
            "Ports: only named fields are ports",
        ));
    };
    let mut idents = vec![];
    let mut types = vec![];
    for f in &named.named {
        let id = f.ident.as_ref().unwrap();
        let marked = f.attrs.iter().any(|a| a.path.is_ident("port"));
        if id.to_string().starts_with('_') {
            continue; // rust-hdl leaves these out of the design
        }
        if marked || is_port_signal(&f.ty) {
            idents.push(id.clone());
            types.push(f.ty.clone());
        }
    }
    let names: Vec<String> = idents.iter().map(|i| i.to_string()).collect();
    let name = &input.ident;
    let mut generics = input.generics.clone();
    if !generics.params.is_empty() {
        let wc = generics.make_where_clause();
        for t in &types {
            wc.predicates
                .push(syn::parse_quote!(#t: ::nicgen_hdl::top::Ports));
        }
    }
    let (impl_g, ty_g, where_c) = generics.split_for_impl();
    let p = quote!(::nicgen_hdl::top::Ports);
    Ok(quote! {
        impl #impl_g #p for #name #ty_g #where_c {
            fn port_list(&self, prefix: &str, out: &mut Vec<::nicgen_hdl::top::PortInfo>) {
                #( #p::port_list(&self.#idents, &::nicgen_hdl::top::port_path(prefix, #names), out); )*
            }
            fn port_count(&self) -> usize {
                0 #( + #p::port_count(&self.#idents) )*
            }
            #[allow(unused_mut, unused_variables)]
            fn port_read(&self, mut index: usize) -> Option<&dyn ::nicgen_hdl::top::PortRead> {
                #(
                    let n = #p::port_count(&self.#idents);
                    if index < n {
                        return #p::port_read(&self.#idents, index);
                    }
                    index -= n;
                )*
                None
            }
            #[allow(unused_mut, unused_variables)]
            fn port_write(&mut self, mut index: usize) -> Option<&mut dyn ::nicgen_hdl::top::PortWrite> {
                #(
                    let n = #p::port_count(&self.#idents);
                    if index < n {
                        return #p::port_write(&mut self.#idents, index);
                    }
                    index -= n;
                )*
                None
            }
        }
    })
}

/// `#[derive(BlockDefault)]`: `Default` for a block whose fields are mostly `Default`: each field
/// is `Default::default()` unless it carries `#[init(expr)]` (a constant's value, a sub-block
/// built with its parameters), so the field list is not written out a second time.
#[proc_macro_derive(BlockDefault, attributes(init))]
pub fn derive_block_default(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match block_default(&input) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn block_default(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(input, "BlockDefault: structs only"));
    };
    let Fields::Named(named) = &data.fields else {
        return Err(syn::Error::new_spanned(
            input,
            "BlockDefault: named fields only",
        ));
    };
    let mut inits = vec![];
    for f in &named.named {
        let id = f.ident.as_ref().unwrap();
        let init = f.attrs.iter().find(|a| a.path.is_ident("init"));
        inits.push(match init {
            Some(a) => {
                let e: syn::Expr = a.parse_args()?;
                quote!(#id: #e)
            }
            None => quote!(#id: ::core::default::Default::default()),
        });
    }
    let name = &input.ident;
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    Ok(quote! {
        impl #impl_g ::core::default::Default for #name #ty_g #where_c {
            fn default() -> Self {
                Self { #(#inits,)* }
            }
        }
    })
}
