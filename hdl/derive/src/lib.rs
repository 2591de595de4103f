//! `#[derive(Ports)]`: the top-level ports of a block, or the signals of an interface, taken
//! from the struct's fields, so that a top's port list is declared once, by the block.
//!
//! The ports are the fields of type `Signal<In|Out|InOut, _>` (or arrays of them) and the fields
//! marked `#[port]` (an interface, or an array of interfaces); every other field of a block is
//! inside it. The same rule holds for an interface (`#[derive(LogicInterface, Ports)]`), whose
//! nested interfaces are marked `#[port]` too. Ports are listed in declaration order, named by
//! their field path joined with `_` (`s_axil_awaddr`, `link_0_phy_txd`), which is the name the
//! emitted Verilog gives them. The trait is `nicgen_hdl::top::Ports`; `make verilog` holds every
//! top's list to its module header, so a field left unmarked is reported there. The first
//! paragraph of a field's `///` is its port's doc, or its interface's group sentence, and
//! `#[port(signal = "doc")]` documents the interface's signals in this block
//! (`nicgen_hdl::top::document`).

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
    let mut docs = vec![];
    let mut groups = vec![];
    let mut signals = vec![];
    for f in &named.named {
        let id = f.ident.as_ref().unwrap();
        let marked = f.attrs.iter().any(|a| a.path.is_ident("port"));
        if id.to_string().starts_with('_') {
            continue; // rust-hdl leaves these out of the design
        }
        if marked || is_port_signal(&f.ty) {
            idents.push(id.clone());
            types.push(f.ty.clone());
            docs.push(first_paragraph(&f.attrs));
            groups.push(marked || matches!(f.ty, Type::Array(_)));
            let (keys, vals) = signal_docs(&f.attrs)?;
            signals.push(quote!(&[#( (#keys, #vals) ),*]));
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
                #(
                    let path = ::nicgen_hdl::top::port_path(prefix, #names);
                    let start = out.len();
                    #p::port_list(&self.#idents, &path, out);
                    ::nicgen_hdl::top::document(&mut out[start..], &path, #groups, #docs, #signals);
                )*
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

/// `#[port(valid = "...", rs = "...")]`: what the signals of an interface field mean in this
/// block (`nicgen_hdl::top::document` matches each key to the ports under the field).
fn signal_docs(attrs: &[syn::Attribute]) -> syn::Result<(Vec<String>, Vec<syn::LitStr>)> {
    let mut keys = vec![];
    let mut vals = vec![];
    for a in attrs.iter().filter(|a| a.path.is_ident("port")) {
        if a.tokens.is_empty() {
            continue;
        }
        let syn::Meta::List(list) = a.parse_meta()? else {
            return Err(syn::Error::new_spanned(
                a,
                "port: #[port] or #[port(signal = \"doc\", ...)]",
            ));
        };
        for m in list.nested {
            match m {
                syn::NestedMeta::Meta(syn::Meta::NameValue(syn::MetaNameValue {
                    path,
                    lit: syn::Lit::Str(doc),
                    ..
                })) if path.get_ident().is_some() => {
                    keys.push(path.get_ident().unwrap().to_string());
                    vals.push(doc);
                }
                other => {
                    return Err(syn::Error::new_spanned(
                        other,
                        "port: expected signal = \"doc\"",
                    ))
                }
            }
        }
    }
    Ok((keys, vals))
}

/// The first paragraph of a field's `///` doc, its lines joined by spaces; "" when it has none.
fn first_paragraph(attrs: &[syn::Attribute]) -> String {
    let mut lines = vec![];
    for a in attrs.iter().filter(|a| a.path.is_ident("doc")) {
        if let Ok(syn::Meta::NameValue(syn::MetaNameValue {
            lit: syn::Lit::Str(s),
            ..
        })) = a.parse_meta()
        {
            let line = s.value().trim().to_string();
            if line.is_empty() {
                if !lines.is_empty() {
                    break;
                }
            } else {
                lines.push(line);
            }
        }
    }
    lines.join(" ")
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
